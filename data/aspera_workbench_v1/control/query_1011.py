# Hey, [Assistant], clear my calendar on the last Friday of next month: cancel everything I have that day.
def clear_last_friday_of_next_month(world):
    """Cancel every meeting on the last Friday of next month; for recurring
    series only that day's occurrence is cancelled."""
    import calendar
    import datetime

    today = world.now.date()
    year, month = (today.year + 1, 1) if today.month == 12 else (today.year, today.month + 1)
    day = datetime.date(year, month, calendar.monthrange(year, month)[1])
    while day.weekday() != 4:
        day -= datetime.timedelta(days=1)
    # remove single events and single occurrences of that day; series entries stay
    world.calendar[:] = [
        event for event in world.calendar if event["repeats"] is not None or event["starts_at"].date() != day
    ]
