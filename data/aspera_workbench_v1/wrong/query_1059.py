# Wrong: ignores the "after 1 PM" constraint and takes the first 45-minute gap of the day
def block_focus_time_tomorrow_afternoon():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    needed = datetime.timedelta(minutes=45)
    slots = find_available_slots(
        find_events(), get_search_settings("work"), tomorrow
    )
    for slot in slots:
        if slot.end - slot.start >= needed:
            add_event(
                Event(
                    subject="Focus time",
                    starts_at=slot.start,
                    ends_at=slot.start + needed,
                )
            )
            return


# Wrong: leaves out the end time, so the block gets the 16-minute default length
def block_focus_time_default_length():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    one_pm = combine(tomorrow, time_by_hm(1, 0, "pm"))
    slots = find_available_slots(
        find_events(), get_search_settings("work"), tomorrow
    )
    for slot in slots:
        start = max(slot.start, one_pm)
        if slot.end - start >= datetime.timedelta(minutes=45):
            add_event(Event(subject="Focus time", starts_at=start))
            return


# Wrong: searches today's afternoon instead of tomorrow's
def block_focus_time_today():
    today = now_().date()
    one_pm = combine(today, time_by_hm(1, 0, "pm"))
    needed = datetime.timedelta(minutes=45)
    slots = find_available_slots(
        find_events(), get_search_settings("work"), today
    )
    for slot in slots:
        start = max(slot.start, one_pm)
        if slot.end - start >= needed:
            add_event(
                Event(
                    subject="Focus time",
                    starts_at=start,
                    ends_at=start + needed,
                )
            )
            return
