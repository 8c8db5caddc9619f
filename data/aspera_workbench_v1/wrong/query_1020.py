# Wrong: looks only at find_events(), missing Thursday's occurrence of the weekly series
def free_weekdays_next_week() -> list[datetime.date]:
    week = parse_duration_to_calendar("NextWeek")[0]
    busy = [e.starts_at.date() for e in find_events()]
    return [day for day in week if day.weekday() < 5 and day not in busy]


# Wrong: includes the free Sunday although only weekdays were asked for
def free_weekdays_next_week() -> list[datetime.date]:
    week = parse_duration_to_calendar("NextWeek")[0]
    busy = []
    for event in find_past_events() + find_events():
        for occurrence in get_event_instances(event) if event.repeats else [event]:
            busy.append(occurrence.starts_at.date())
    return [day for day in week if day not in busy]


# Wrong: returns weekday names instead of the dates that were asked for
def free_weekdays_next_week() -> list[str]:
    week = parse_duration_to_calendar("NextWeek")[0]
    busy = []
    for event in find_past_events() + find_events():
        for occurrence in get_event_instances(event) if event.repeats else [event]:
            busy.append(occurrence.starts_at.date())
    return [
        day.strftime("%A") for day in week if day.weekday() < 5 and day not in busy
    ]
