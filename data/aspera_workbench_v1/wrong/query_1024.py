# Wrong: also books days with exactly three meetings (at most three instead of fewer than three)
def focus_blocks_until_next_friday():
    meetings = []
    for event in find_past_events() + find_events():
        meetings += get_event_instances(event) if event.repeats else [event]
    day = parse_date_string(DateExpressions["Tomorrow"])
    last = get_next_dow("Friday", after=get_next_dow("Sunday"))
    while day <= last:
        todays = [m for m in meetings if m.starts_at.date() == day]
        if day.weekday() < 5 and len(todays) <= 3:
            for hour in (14, 15):
                start = combine(day, datetime.time(hour, 0))
                end = start + datetime.timedelta(hours=1)
                if not [m for m in todays if m.starts_at < end and m.ends_at > start]:
                    add_event(Event(subject="Focus", starts_at=start, ends_at=end))
                    break
        day = day + datetime.timedelta(days=1)


# Wrong: ignores recurring series, so the weekly forum's occurrence is neither counted nor avoided
def focus_blocks_until_next_friday():
    meetings = find_events()
    day = parse_date_string(DateExpressions["Tomorrow"])
    last = get_next_dow("Friday", after=get_next_dow("Sunday"))
    while day <= last:
        todays = [m for m in meetings if m.starts_at.date() == day]
        if day.weekday() < 5 and len(todays) < 3:
            for hour in (14, 15):
                start = combine(day, datetime.time(hour, 0))
                end = start + datetime.timedelta(hours=1)
                if not [m for m in todays if m.starts_at < end and m.ends_at > start]:
                    add_event(Event(subject="Focus", starts_at=start, ends_at=end))
                    break
        day = day + datetime.timedelta(days=1)


# Wrong: always books 2 PM, even when that hour is taken
def focus_blocks_until_next_friday():
    meetings = []
    for event in find_past_events() + find_events():
        meetings += get_event_instances(event) if event.repeats else [event]
    day = parse_date_string(DateExpressions["Tomorrow"])
    last = get_next_dow("Friday", after=get_next_dow("Sunday"))
    while day <= last:
        todays = [m for m in meetings if m.starts_at.date() == day]
        if day.weekday() < 5 and len(todays) < 3:
            start = combine(day, datetime.time(14, 0))
            add_event(
                Event(
                    subject="Focus",
                    starts_at=start,
                    ends_at=start + datetime.timedelta(hours=1),
                )
            )
        day = day + datetime.timedelta(days=1)


# Wrong: stops at this Friday instead of Friday next week
def focus_blocks_until_next_friday():
    meetings = []
    for event in find_past_events() + find_events():
        meetings += get_event_instances(event) if event.repeats else [event]
    day = parse_date_string(DateExpressions["Tomorrow"])
    last = get_next_dow("Friday")
    while day <= last:
        todays = [m for m in meetings if m.starts_at.date() == day]
        if day.weekday() < 5 and len(todays) < 3:
            for hour in (14, 15):
                start = combine(day, datetime.time(hour, 0))
                end = start + datetime.timedelta(hours=1)
                if not [m for m in todays if m.starts_at < end and m.ends_at > start]:
                    add_event(Event(subject="Focus", starts_at=start, ends_at=end))
                    break
        day = day + datetime.timedelta(days=1)
