# Correct: takes the last common free hour of the working day instead of the first
def catch_up_with_linnea_tomorrow():
    import datetime

    people = find_employee("Linnea")
    if len(people) != 1:
        raise RequiresUserInput("Which Linnea do you mean?")
    linnea = people[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)
    busy = [(e.starts_at, e.ends_at) for e in find_events() + get_calendar(linnea)]
    end = datetime.datetime.combine(tomorrow, datetime.time(17, 10))
    earliest = datetime.datetime.combine(tomorrow, datetime.time(9, 6))
    while end - datetime.timedelta(hours=1) >= earliest:
        start = end - datetime.timedelta(hours=1)
        if not any(a < end and start < b for a, b in busy):
            add_event(Event(attendees=[linnea], subject="Catch-up", starts_at=start, ends_at=end))
            return
        end -= datetime.timedelta(minutes=5)
    raise RequiresUserInput("No common free hour tomorrow.")


# Wrong: looks only at Linnea's calendar and books 09:06, over the user's stand-up
def catch_up_with_linnea_tomorrow():
    import datetime

    people = find_employee("Linnea")
    if len(people) != 1:
        raise RequiresUserInput("Which Linnea?")
    tomorrow = now_().date() + datetime.timedelta(days=1)
    for slot in find_available_slots(get_calendar(people[0]), get_search_settings("work"), tomorrow):
        if slot.end - slot.start >= datetime.timedelta(hours=1):
            add_event(Event(attendees=people, subject="Catch-up", starts_at=slot.start, ends_at=slot.start + datetime.timedelta(hours=1)))
            return
