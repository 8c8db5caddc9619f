# Wrong: deletes the whole recurring series instead of only that day's occurrence
def clear_last_friday_of_next_month():
    day = date_by_mdy(month=7, day=26, year=2024)
    for event in find_past_events() + find_events():
        if event.repeats is None:
            if event.starts_at.date() == day:
                delete_event(event)
        elif any(i.starts_at.date() == day for i in get_event_instances(event)):
            delete_event(event)


# Wrong: clears the last day of the month (31 July) instead of the last Friday
def clear_last_friday_of_next_month():
    day = parse_durations_to_date_interval(DateRanges["NextMonth"]).end
    for event in find_past_events() + find_events():
        occurrences = get_event_instances(event) if event.repeats else [event]
        for occurrence in occurrences:
            if occurrence.starts_at.date() == day:
                delete_event(occurrence)


# Wrong: only looks at upcoming events, so the series that began last week keeps its occurrence
def clear_last_friday_of_next_month():
    day = date_by_mdy(month=7, day=26, year=2024)
    for event in find_events():
        occurrences = get_event_instances(event) if event.repeats else [event]
        for occurrence in occurrences:
            if occurrence.starts_at.date() == day:
                delete_event(occurrence)
