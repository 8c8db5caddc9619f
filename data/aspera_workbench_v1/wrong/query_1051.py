# Wrong: moves the meeting to 2 PM without checking Anselm's calendar
def move_meeting_with_anselm():
    anselm = find_employee("Anselm")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    meeting = [
        e
        for e in find_events(attendees=[anselm])
        if e.starts_at.date() == tomorrow
    ][0]
    length = meeting.ends_at - meeting.starts_at
    meeting.starts_at = combine(tomorrow, time_by_hm(2, 0, "pm"))
    meeting.ends_at = meeting.starts_at + length
    add_event(meeting)


# Wrong: adds a copy at the new time but leaves the original meeting in place
def move_meeting_with_anselm():
    anselm = find_employee("Anselm")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    meeting = [
        e
        for e in find_events(attendees=[anselm])
        if e.starts_at.date() == tomorrow
    ][0]
    length = meeting.ends_at - meeting.starts_at
    his_day = [
        e for e in get_calendar(anselm) if e.starts_at.date() == tomorrow
    ]
    earliest = combine(tomorrow, time_by_hm(2, 0, "pm"))
    for slot in find_available_slots(his_day, None, tomorrow):
        start = max(slot.start, earliest)
        if start + length <= slot.end:
            add_event(
                Event(
                    attendees=meeting.attendees,
                    subject=meeting.subject,
                    starts_at=start,
                    ends_at=start + length,
                )
            )
            return
