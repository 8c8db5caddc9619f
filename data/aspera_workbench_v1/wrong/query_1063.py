# Wrong: silently takes the first colleague called Linnea
def catch_up_with_linnea_tomorrow():
    linnea = find_employee("Linnea")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    events = find_events() + get_calendar(linnea)
    slots = find_available_slots(events, get_search_settings("work"), tomorrow)
    for slot in slots:
        if slot.end - slot.start >= datetime.timedelta(hours=1):
            add_event(
                Event(
                    attendees=[linnea],
                    subject="Catch-up",
                    starts_at=slot.start,
                    ends_at=slot.start + datetime.timedelta(hours=1),
                )
            )
            return


# Wrong: books the catch-up first and only then asks which Linnea was meant
def catch_up_then_ask():
    candidates = find_employee("Linnea")
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    start = combine(tomorrow, time_by_hm(4, 0, "pm"))
    add_event(
        Event(
            attendees=candidates,
            subject="Catch-up",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
        )
    )
    if len(candidates) > 1:
        raise RequiresUserInput("Which Linnea did you mean?")
