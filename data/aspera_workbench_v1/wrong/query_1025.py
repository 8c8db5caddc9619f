# Wrong: uses find_events() only, which does not list the series that began in the past
def next_meeting_with_isadora() -> datetime.datetime:
    isadora = find_employee("Isadora")[0]
    return find_events(attendees=[isadora])[0].starts_at


# Wrong: returns the first occurrence of the series, which is already over
def next_meeting_with_isadora() -> datetime.datetime:
    isadora = find_employee("Isadora")[0]
    starts = []
    for event in find_past_events() + find_events():
        if isadora in (event.attendees or []):
            occurrences = get_event_instances(event) if event.repeats else [event]
            starts += [o.starts_at for o in occurrences]
    return min(starts)


# Wrong: returns only the date, without the start time that was asked for
def next_meeting_with_isadora() -> datetime.date:
    isadora = find_employee("Isadora")[0]
    starts = []
    for event in find_past_events() + find_events():
        if isadora in (event.attendees or []):
            occurrences = get_event_instances(event) if event.repeats else [event]
            starts += [o.starts_at for o in occurrences if o.starts_at >= now_()]
    return min(starts).date()
