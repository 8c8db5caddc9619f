# Correct: checks the requested time against the clock first and says it is over
def move_sync_with_dorothea_earlier():
    import datetime

    target = datetime.datetime.combine(now_().date(), datetime.time(8, 30))
    if target < now_():
        raise RequiresUserInput(f"It is {now_():%H:%M} already, so 08:30 this morning is in the past. When should I move the sync?")
    dorothea = find_employee("Dorothea")[0]
    sync = [e for e in find_events(attendees=[dorothea]) if e.starts_at.hour == 11 and e.starts_at.date() == now_().date()][0]
    length = sync.ends_at - sync.starts_at
    sync.starts_at, sync.ends_at = target, target + length
    add_event(sync)


# Correct: finds the meeting, then refuses a start earlier than now
def move_sync_with_dorothea_earlier():
    dorothea = find_employee("Dorothea")[0]
    eleven = combine(now_().date(), time_by_hm(11, 0, "am"))
    syncs = [e for e in find_events(attendees=[dorothea]) if e.starts_at == eleven]
    if len(syncs) != 1:
        raise RequiresUserInput("Which sync with Dorothea do you mean?")
    if combine(now_().date(), time_by_hm(8, 30, "am")) <= now_():
        raise RequiresUserInput("8:30 AM is earlier than the current time; please pick another time.")


# Wrong: hands back without saying why
def move_sync_with_dorothea_earlier():
    raise RequiresUserInput("Which sync do you mean?")


# Wrong: moves the sync to a time that is already over
def move_sync_with_dorothea_earlier():
    dorothea = find_employee("Dorothea")[0]
    eleven = combine(now_().date(), time_by_hm(11, 0, "am"))
    sync = [e for e in find_events(attendees=[dorothea]) if e.starts_at == eleven][0]
    length = sync.ends_at - sync.starts_at
    sync.starts_at = combine(now_().date(), time_by_hm(8, 30, "am"))
    sync.ends_at = sync.starts_at + length
    add_event(sync)
