# Hey, [Assistant], find the first free 45 minutes tomorrow after 1 PM and block them as Focus time.
def block_focus_time_tomorrow_afternoon(world):
    """Add a 45-minute Focus time block in the earliest gap of tomorrow's
    calendar that starts at 1 PM or later and is long enough."""
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, datetime.time(13, 0))
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    needed = datetime.timedelta(minutes=45)
    busy = sorted(
        (e["starts_at"], e["ends_at"])
        for e in world.calendar
        if e["repeats"] is None and e["show_as_status"] != "free" and e["starts_at"] < day_end and e["ends_at"] > cursor
    )
    # only the part of a gap after 1 PM counts
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= needed:
            world.calendar.append({"subject": "Focus time", "starts_at": cursor, "ends_at": cursor + needed})
            return
        cursor = max(cursor, end)
    raise world.RequiresUserInput("There is no free 45-minute slot tomorrow after 1 PM.")
