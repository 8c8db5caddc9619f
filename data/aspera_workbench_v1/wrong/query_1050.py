# Wrong: skips occurrences of recurring events, missing the stand-up
def marisol_meeting_minutes_thursday() -> int:
    marisol = find_employee("Marisol")[0]
    thursday = get_next_dow("Thursday")
    total = 0
    for event in get_calendar(marisol):
        if (
            event.recurrent_event_id is None
            and event.starts_at.date() == thursday
        ):
            total += event.duration.number
    return int(total)


# Wrong: looks at the user's own meetings with Marisol instead of her calendar
def marisol_meeting_minutes_thursday() -> int:
    marisol = find_employee("Marisol")[0]
    thursday = get_next_dow("Thursday")
    total = 0
    for event in find_events():
        if event.attendees and marisol in event.attendees:
            if event.starts_at.date() == thursday:
                total += event.duration.number
    return int(total)
