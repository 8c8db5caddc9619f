# Wrong: moves the meeting to the Monday of this week (already past) instead of the coming Monday
def move_or_create_meeting_with_hesper():
    hesper = find_employee("Hesper")[0]
    friday = get_next_dow("Friday")
    for event in find_events(attendees=[hesper]):
        if event.starts_at.date() == friday:
            event.starts_at = event.starts_at - datetime.timedelta(days=4)
            event.ends_at = event.ends_at - datetime.timedelta(days=4)
            add_event(event)
            return
    start = combine(friday, time_by_hm(10, 0, "am"))
    add_event(
        Event(
            attendees=[hesper],
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )


# Wrong: ignores the condition and always creates the Friday 10 AM meeting
def always_create_meeting_with_hesper():
    hesper = find_employee("Hesper")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(10, 0, "am"))
    add_event(
        Event(
            attendees=[hesper],
            subject="Meeting with Hesper",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )


# Wrong: looks at the next meeting with Hesper whatever its day, so Thursday's meeting is moved
def move_next_meeting_with_hesper():
    hesper = find_employee("Hesper")[0]
    meetings = find_events(attendees=[hesper])
    if meetings:
        event = meetings[0]
        monday = get_next_dow("Monday")
        shift = datetime.timedelta(days=(monday - event.starts_at.date()).days)
        event.starts_at = event.starts_at + shift
        event.ends_at = event.ends_at + shift
        add_event(event)
        return
    start = combine(get_next_dow("Friday"), time_by_hm(10, 0, "am"))
    add_event(
        Event(
            attendees=[hesper],
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )
