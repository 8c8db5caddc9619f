# Wrong: deletes the whole series instead of one session
def skip_next_weeks_design_crit():
    for event in find_past_events(subject="design crit"):
        if event.repeats is not None:
            delete_event(event)


# Wrong: skips this week's session (tomorrow) instead of next week's
def skip_next_weeks_design_crit():
    series = [
        e for e in find_past_events(subject="design crit") if e.repeats is not None
    ][0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    for occurrence in get_event_instances(series):
        if occurrence.starts_at.date() == tomorrow:
            delete_event(occurrence)


# Wrong: deletes everything called design crit next week, the prep block included
def skip_next_weeks_design_crit():
    week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for event in find_past_events(subject="design crit") + find_events(
        subject="design crit"
    ):
        occurrences = get_event_instances(event) if event.repeats else [event]
        for occurrence in occurrences:
            if week.start <= occurrence.starts_at.date() <= week.end:
                delete_event(occurrence)
