# Correct: tries every quarter hour of the working day against both calendars' busy times, and lists the user
def earliest_common_slot_with_corentin():
    import datetime

    corentin = find_employee("Corentin")[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)
    settings = get_search_settings("work")
    busy = [e for e in find_events() + get_calendar(corentin) if e.starts_at and e.ends_at]
    free = find_available_slots(busy, settings, tomorrow)
    candidate = datetime.datetime.combine(tomorrow, datetime.time(0, 0))
    while candidate.date() == tomorrow:
        end = candidate + datetime.timedelta(minutes=45)
        if any(slot.start <= candidate and end <= slot.end for slot in free):
            add_event(
                Event(attendees=[get_current_user(), corentin], subject="Meeting", starts_at=candidate, ends_at=end)
            )
            return
        candidate += datetime.timedelta(minutes=15)
    raise RequiresUserInput("No common 45-minute gap tomorrow.")


# Wrong: looks at Corentin's calendar only and books at 11:00, when the user is busy
def earliest_common_slot_with_corentin():
    import datetime

    corentin = find_employee("Corentin")[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)
    busy = [e for e in get_calendar(corentin) if e.starts_at and e.ends_at]
    for slot in find_available_slots(busy, get_search_settings("work"), tomorrow):
        if slot.end - slot.start >= datetime.timedelta(minutes=45):
            add_event(
                Event(
                    attendees=[corentin],
                    subject="Meeting",
                    starts_at=slot.start,
                    ends_at=slot.start + datetime.timedelta(minutes=45),
                )
            )
            return
