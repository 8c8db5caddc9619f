# Wrong: books with the first Lucan found instead of asking which one
def catch_up_with_lucan_tomorrow_afternoon():
    lucan = find_employee("Lucan")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    events = [e for e in get_calendar(lucan) if e.starts_at.date() == tomorrow]
    afternoon = combine(tomorrow, time_by_hm(12, 0, "pm"))
    for slot in find_available_slots(events, None, tomorrow):
        start = max(slot.start, afternoon)
        if start + datetime.timedelta(minutes=30) <= slot.end:
            add_event(
                Event(
                    attendees=[lucan],
                    subject="Catch-up",
                    starts_at=start,
                    ends_at=start + datetime.timedelta(minutes=30),
                )
            )
            return


# Wrong: invites both colleagues called Lucan to one catch-up instead of asking
def catch_up_with_lucan_tomorrow_afternoon():
    lucans = find_employee("Lucan")
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    start = combine(tomorrow, time_by_hm(3, 0, "pm"))
    add_event(
        Event(
            attendees=lucans,
            subject="Catch-up",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )
