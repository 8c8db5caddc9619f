# Wrong: deletes the whole recurring series instead of only that day's occurrence
def clear_last_friday_of_next_month(world):
    import datetime

    day = datetime.date(2024, 7, 26)
    hit = {e["recurrent_event_id"] for e in world.calendar if e["starts_at"].date() == day}
    world.calendar[:] = [e for e in world.calendar if e["starts_at"].date() != day and e["event_id"] not in hit]


# Wrong: clears the last day of the month (31 July) instead of the last Friday
def clear_last_friday_of_next_month(world):
    import datetime

    day = datetime.date(2024, 7, 31)
    world.calendar[:] = [e for e in world.calendar if e["repeats"] is not None or e["starts_at"].date() != day]


# Wrong: only looks at series that start in the future, so the series that began last week keeps its occurrence
def clear_last_friday_of_next_month(world):
    import datetime

    day = datetime.date(2024, 7, 26)
    series = {e["event_id"]: e for e in world.calendar if e["repeats"] is not None}
    world.calendar[:] = [
        e
        for e in world.calendar
        if e["repeats"] is not None
        or e["starts_at"].date() != day
        or (e["recurrent_event_id"] in series and series[e["recurrent_event_id"]]["starts_at"] < world.now)
    ]
