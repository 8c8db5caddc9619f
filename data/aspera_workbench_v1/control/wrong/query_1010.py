# Wrong: counts only one-off events, missing the recurring occurrences
def count_meetings_last_full_week_of_july(world) -> int:
    import datetime

    monday, friday = datetime.date(2024, 7, 22), datetime.date(2024, 7, 26)
    return len(
        [
            e
            for e in world.calendar
            if e["repeats"] is None and e["recurrent_event_id"] is None and monday <= e["starts_at"].date() <= friday
        ]
    )


# Wrong: takes the last seven days of July (25 to 31 July) as the week
def count_meetings_last_full_week_of_july(world) -> int:
    import datetime

    first, last = datetime.date(2024, 7, 25), datetime.date(2024, 7, 31)
    return sum(
        1
        for e in world.calendar
        if e["repeats"] is None and first <= e["starts_at"].date() <= last and e["starts_at"].weekday() < 5
    )


# Wrong: counts Saturday and Sunday of that week as well
def count_meetings_last_full_week_of_july(world) -> int:
    import datetime

    monday, sunday = datetime.date(2024, 7, 22), datetime.date(2024, 7, 28)
    return sum(1 for e in world.calendar if e["repeats"] is None and monday <= e["starts_at"].date() <= sunday)


# Wrong: counts every calendar entry, so the series entries are counted besides their occurrences
def count_meetings_last_full_week_of_july(world) -> int:
    import datetime

    monday, friday = datetime.date(2024, 7, 22), datetime.date(2024, 7, 26)
    series = [e for e in world.calendar if e["repeats"] is not None]
    singles = [e for e in world.calendar if monday <= e["starts_at"].date() <= friday]
    return len(singles) + len(series)
