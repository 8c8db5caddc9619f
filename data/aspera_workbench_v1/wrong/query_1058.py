# Wrong: creates a second 11 AM event in Aspen instead of updating the meeting
def book_aspen_for_meeting_with_clodagh():
    clodagh = find_employee("Clodagh")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    start = combine(tomorrow, time_by_hm(11, 0, "am"))
    add_event(
        Event(
            attendees=[clodagh],
            subject="Meeting with Clodagh",
            location="Aspen",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
        )
    )


# Wrong: books the room for the first meeting with Clodagh tomorrow (9:30)
def book_aspen_for_first_meeting_with_clodagh():
    clodagh = find_employee("Clodagh")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    for event in find_events():
        if event.starts_at.date() == tomorrow and clodagh in event.attendees:
            event.location = "Aspen"
            add_event(event)
            return
