# Wrong: only looks at the user's own calendar and books 13:00-15:00 over Osric's meeting
def two_hour_workshop_with_osric_tomorrow():
    osric = find_employee("Osric")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    slots = find_available_slots(
        find_events(), get_search_settings("work"), tomorrow
    )
    for slot in slots:
        if slot.end - slot.start >= datetime.timedelta(hours=2):
            add_event(
                Event(
                    attendees=[osric],
                    subject="Workshop",
                    starts_at=slot.start,
                    ends_at=slot.start + datetime.timedelta(hours=2),
                )
            )
            return


# Wrong: falls back to the first common two-hour gap on a later day instead of asking
def workshop_on_any_day():
    osric = find_employee("Osric")[0]
    now = now_()
    slots = find_available_slots(
        find_events() + get_calendar(osric), get_search_settings("work")
    )
    for slot in slots:
        start = max(slot.start, now)
        if slot.end - start >= datetime.timedelta(hours=2):
            add_event(
                Event(
                    attendees=[osric],
                    subject="Workshop",
                    starts_at=start,
                    ends_at=start + datetime.timedelta(hours=2),
                )
            )
            return
