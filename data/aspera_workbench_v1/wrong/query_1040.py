# Wrong: looks only at Corentin's calendar, ignoring the user's own meetings
def earliest_common_slot_with_corentin():
    corentin = find_employee("Corentin")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    busy = [e for e in get_calendar(corentin) if e.starts_at.date() == tomorrow]
    for slot in find_available_slots(busy, None, tomorrow):
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


# Wrong: drops recurring instances from Corentin's calendar, missing his daily stand-up
def earliest_common_slot_with_corentin():
    corentin = find_employee("Corentin")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    busy = [e for e in find_events() if e.starts_at.date() == tomorrow]
    busy += [
        e
        for e in get_calendar(corentin)
        if e.recurrent_event_id is None and e.starts_at.date() == tomorrow
    ]
    for slot in find_available_slots(busy, None, tomorrow):
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
