# Wrong: returns the free time in hours instead of minutes
def free_minutes_on_thursday(world) -> float:
    import datetime

    thursday = world.now.date() + datetime.timedelta(days=2)
    cursor = datetime.datetime.combine(thursday, world.work_day_start)
    day_end = datetime.datetime.combine(thursday, world.work_day_end)
    busy = sorted((e["starts_at"], e["ends_at"]) for e in world.calendar if e["show_as_status"] != "free" and e["starts_at"].date() == thursday)
    free = datetime.timedelta(0)
    for start, end in busy + [(day_end, day_end)]:
        if start > cursor:
            free += start - cursor
        cursor = max(cursor, end)
    return free.total_seconds() / 3600


# Wrong: subtracts the summed meeting lengths from the working day, double-counting overlaps and counting the free-status session
def free_minutes_on_thursday(world) -> int:
    import datetime

    thursday = world.now.date() + datetime.timedelta(days=2)
    day = datetime.datetime.combine(thursday, world.work_day_end) - datetime.datetime.combine(thursday, world.work_day_start)
    busy = sum((e["ends_at"] - e["starts_at"]).total_seconds() for e in world.calendar if e["starts_at"].date() == thursday)
    return int((day.total_seconds() - busy) // 60)


# Wrong: treats the session shown as free as busy time
def free_minutes_on_thursday(world) -> int:
    import datetime

    thursday = world.now.date() + datetime.timedelta(days=2)
    cursor = datetime.datetime.combine(thursday, world.work_day_start)
    day_end = datetime.datetime.combine(thursday, world.work_day_end)
    busy = sorted((e["starts_at"], e["ends_at"]) for e in world.calendar if e["starts_at"].date() == thursday)
    free = datetime.timedelta(0)
    for start, end in busy + [(day_end, day_end)]:
        if start > cursor:
            free += start - cursor
        cursor = max(cursor, end)
    return int(free.total_seconds() // 60)
