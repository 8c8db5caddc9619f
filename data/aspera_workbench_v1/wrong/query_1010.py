# Wrong: counts only one-off upcoming events, missing the recurring occurrences
def count_meetings_last_full_week_of_july() -> int:
    monday = date_by_mdy(month=7, day=22, year=2024)
    friday = date_by_mdy(month=7, day=26, year=2024)
    return len(
        [e for e in find_events() if monday <= e.starts_at.date() <= friday]
    )


# Wrong: takes the last seven days of July (25 to 31 July) as the week
def count_meetings_last_full_week_of_july() -> int:
    first = date_by_mdy(month=7, day=25, year=2024)
    last = date_by_mdy(month=7, day=31, year=2024)
    count = 0
    for event in find_past_events() + find_events():
        occurrences = get_event_instances(event) if event.repeats else [event]
        for occurrence in occurrences:
            day = occurrence.starts_at.date()
            if first <= day <= last and day.weekday() < 5:
                count += 1
    return count


# Wrong: counts Saturday and Sunday of that week as well
def count_meetings_last_full_week_of_july() -> int:
    monday = date_by_mdy(month=7, day=22, year=2024)
    sunday = date_by_mdy(month=7, day=28, year=2024)
    count = 0
    for event in find_past_events() + find_events():
        occurrences = get_event_instances(event) if event.repeats else [event]
        for occurrence in occurrences:
            if monday <= occurrence.starts_at.date() <= sunday:
                count += 1
    return count
