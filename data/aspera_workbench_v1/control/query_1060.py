# Hey, [Assistant], when does my earliest free hour this week start?
def earliest_free_hour_this_week(world):
    """Return the start of the first gap of at least one hour in the user's
    working hours between now and the end of this working week."""
    import datetime

    today = world.now.date()
    busy = [
        (e["starts_at"], e["ends_at"])
        for e in world.calendar
        if e["repeats"] is None and e["show_as_status"] != "free"
    ]
    # only working days of this week count, and nothing before now
    for offset in range(4 - today.weekday() + 1):
        day = today + datetime.timedelta(days=offset)
        cursor = max(datetime.datetime.combine(day, world.work_day_start), world.now)
        day_end = datetime.datetime.combine(day, world.work_day_end)
        todays = sorted((start, end) for start, end in busy if start < day_end and end > cursor)
        for start, end in todays + [(day_end, day_end)]:
            if start - cursor >= datetime.timedelta(hours=1):
                return cursor
            cursor = max(cursor, end)
    raise world.RequiresUserInput("You have no free hour left this week.")
