# Hey, [Assistant], on each of the next five working days, starting tomorrow, add a 30-minute lunch break at 12:30 PM, except on days when something is already booked at that time.
def lunch_breaks_next_five_working_days(world):
    """Add a 12:30-13:00 lunch break on each of the five working days after
    today whose lunch slot is free."""
    import datetime

    # single events and occurrences of series are what takes time
    busy = [event for event in world.calendar if event["repeats"] is None]
    day = world.now.date() + datetime.timedelta(days=1)
    working_days = 0
    while working_days < 5:
        if day.weekday() < 5:
            working_days += 1
            starts_at = datetime.datetime.combine(day, datetime.time(12, 30))
            ends_at = starts_at + datetime.timedelta(minutes=30)
            taken = any(event["starts_at"] < ends_at and starts_at < event["ends_at"] for event in busy)
            if not taken:
                world.calendar.append({"subject": "Lunch break", "starts_at": starts_at, "ends_at": ends_at})
        day += datetime.timedelta(days=1)
