# Wrong: checks only find_events(), so the fortnightly series that began in the past is missed
def lunch_breaks_next_five_working_days():
    day = parse_date_string(DateExpressions["Tomorrow"])
    done = 0
    while done < 5:
        if day.weekday() < 5:
            done += 1
            start = combine(day, time_by_hm(12, 30, "pm"))
            end = start + datetime.timedelta(minutes=30)
            clash = [
                e for e in find_events() if e.starts_at < end and e.ends_at > start
            ]
            if not clash:
                add_event(Event(subject="Lunch", starts_at=start, ends_at=end))
        day = day + datetime.timedelta(days=1)


# Wrong: counts today as the first of the five days
def lunch_breaks_next_five_working_days():
    busy = []
    for event in find_past_events() + find_events():
        busy += get_event_instances(event) if event.repeats else [event]
    day = now_().date()
    done = 0
    while done < 5:
        if day.weekday() < 5:
            done += 1
            start = combine(day, time_by_hm(12, 30, "pm"))
            end = start + datetime.timedelta(minutes=30)
            if not [e for e in busy if e.starts_at < end and e.ends_at > start]:
                add_event(Event(subject="Lunch", starts_at=start, ends_at=end))
        day = day + datetime.timedelta(days=1)


# Wrong: only skips days whose meeting starts exactly at 12:30
def lunch_breaks_next_five_working_days():
    busy = []
    for event in find_past_events() + find_events():
        busy += get_event_instances(event) if event.repeats else [event]
    day = parse_date_string(DateExpressions["Tomorrow"])
    done = 0
    while done < 5:
        if day.weekday() < 5:
            done += 1
            start = combine(day, time_by_hm(12, 30, "pm"))
            if not [e for e in busy if e.starts_at == start]:
                add_event(
                    Event(
                        subject="Lunch",
                        starts_at=start,
                        ends_at=start + datetime.timedelta(minutes=30),
                    )
                )
        day = day + datetime.timedelta(days=1)
