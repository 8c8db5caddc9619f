# Correct: tries every 5-minute start of the working day against both calendars, and lists the user
def two_hour_workshop_with_osric_tomorrow():
    import datetime

    osric = find_employee("Osric")[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)
    busy = [(e.starts_at, e.ends_at) for e in find_events() + get_calendar(osric)]
    start = datetime.datetime.combine(tomorrow, datetime.time(9, 6))
    while start + datetime.timedelta(hours=2) <= datetime.datetime.combine(tomorrow, datetime.time(17, 10)):
        end = start + datetime.timedelta(hours=2)
        if not any(a < end and start < b for a, b in busy):
            add_event(Event(attendees=[get_current_user(), osric], subject="Workshop", starts_at=start, ends_at=end))
            return
        start += datetime.timedelta(minutes=1)
    raise RequiresUserInput("There are no two free hours in common tomorrow. Another day?")


# Wrong: shortens the workshop to fit the longest common gap instead of asking
def two_hour_workshop_with_osric_tomorrow():
    import datetime

    osric = find_employee("Osric")[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)
    theirs = [e for e in get_calendar(osric) if e.starts_at.date() == tomorrow]
    slots = find_available_slots(find_events() + theirs, get_search_settings("work"), tomorrow)
    best = max(slots, key=lambda s: s.end - s.start)
    length = min(best.end - best.start, datetime.timedelta(hours=2))
    add_event(Event(attendees=[osric], subject="Workshop", starts_at=best.start, ends_at=best.start + length))


# Wrong: looks only at the user's calendar and books 09:06-11:06, over Osric's stand-up
def two_hour_workshop_with_osric_tomorrow():
    import datetime

    osric = find_employee("Osric")[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)
    for slot in find_available_slots(find_events(), get_search_settings("work"), tomorrow):
        if slot.end - slot.start >= datetime.timedelta(hours=2):
            add_event(Event(attendees=[osric], subject="Workshop", starts_at=slot.start, ends_at=slot.start + datetime.timedelta(hours=2)))
            return
    raise RequiresUserInput("You have no two free hours tomorrow.")
