# Hey, [Assistant], how much free time do I have on Thursday during working hours? Give me the total in minutes.
def free_minutes_on_thursday(world) -> int:
    """Return the total length, in minutes, of the gaps in Thursday's
    working hours."""
    import datetime

    today = world.now.date()
    thursday = today + datetime.timedelta(days=(3 - today.weekday()) % 7)
    cursor = datetime.datetime.combine(thursday, world.work_day_start)
    day_end = datetime.datetime.combine(thursday, world.work_day_end)
    # events shown as free do not take time
    busy = sorted(
        (e["starts_at"], e["ends_at"])
        for e in world.calendar
        if e["repeats"] is None and e["show_as_status"] != "free" and e["starts_at"] < day_end and e["ends_at"] > cursor
    )
    free = datetime.timedelta(0)
    for start, end in busy + [(day_end, day_end)]:
        if start > cursor:
            free += start - cursor
        cursor = max(cursor, end)
    return int(free.total_seconds() // 60)
