# Correct: answers with the ISO date and time as text
def next_meeting_with_isadora() -> str:
    isadora = find_employee("Isadora")[0]
    moments = []
    for event in find_events() + find_past_events():
        if isadora not in (event.attendees or []):
            continue
        for occurrence in get_event_instances(event) if event.repeats else [event]:
            if occurrence.starts_at >= now_():
                moments.append(occurrence.starts_at)
    return min(moments).strftime("%Y-%m-%d %H:%M")


# Correct: a sentence with the weekday, the date spelt out and a 12-hour time
def next_meeting_with_isadora() -> str:
    isadora = find_employee("Isadora")[0]
    best = None
    for event in find_past_events() + find_events():
        if isadora not in (event.attendees or []):
            continue
        instances = get_event_instances(event) if event.repeats else [event]
        for occurrence in instances:
            if occurrence.starts_at >= now_() and (best is None or occurrence.starts_at < best.starts_at):
                best = occurrence
    start = best.starts_at
    return (
        f"Your next meeting with Isadora is {best.subject} on {start.strftime('%A')} "
        f"{start.day} {start.strftime('%B %Y')} at {start.strftime('%I:%M %p').lstrip('0')}."
    )


# Correct: names the start and the end of the meeting, the date as "June 27th"
def next_meeting_with_isadora() -> str:
    isadora = find_employee("Isadora")[0]
    upcoming = []
    for event in find_past_events() + find_events():
        if isadora in (event.attendees or []):
            upcoming += [o for o in (get_event_instances(event) if event.repeats else [event]) if o.starts_at >= now_()]
    first = min(upcoming, key=lambda o: o.starts_at)
    return f"June {first.starts_at.day}th, {first.starts_at:%H:%M}-{first.ends_at:%H:%M} ({first.subject})"


# Correct: the datetime, found by scanning each day's schedule of the next weeks
def next_meeting_with_isadora() -> datetime.datetime:
    import datetime

    isadora = find_employee("Isadora")[0]
    for offset in range(0, 60):
        day = now_().date() + datetime.timedelta(days=offset)
        starts = []
        for event in find_past_events() + find_events():
            if isadora not in (event.attendees or []):
                continue
            for occurrence in get_event_instances(event) if event.repeats else [event]:
                if occurrence.starts_at.date() == day and occurrence.starts_at >= now_():
                    starts.append(occurrence.starts_at)
        if starts:
            return min(starts)
    raise RequiresUserInput("No upcoming meeting with Isadora.")


# Wrong: ignores the recurring series and answers with the dashboard review on Friday
def next_meeting_with_isadora() -> str:
    isadora = find_employee("Isadora")[0]
    single = [e for e in find_events() if isadora in (e.attendees or []) and not e.repeats]
    first = min(single, key=lambda e: e.starts_at)
    return first.starts_at.strftime("%Y-%m-%d %H:%M")


# Wrong: hedges with two candidate meetings
def next_meeting_with_isadora() -> str:
    return "Either 2024-06-27 at 10:00 or 2024-06-28 at 11:00."


# Wrong: the right day with the wrong time
def next_meeting_with_isadora() -> str:
    return "Thursday 27 June 2024 at 10:30"


# Wrong: every Isadora meeting start of the coming weeks in one text
def next_meeting_with_isadora() -> str:
    isadora = find_employee("Isadora")[0]
    texts = []
    for event in find_past_events() + find_events():
        if isadora in (event.attendees or []):
            for occurrence in get_event_instances(event) if event.repeats else [event]:
                texts.append(occurrence.starts_at.strftime("%Y-%m-%d %H:%M"))
    return ", ".join(sorted(texts))
