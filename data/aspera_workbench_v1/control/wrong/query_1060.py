# Wrong: returns the start of the first free gap whatever its length
def earliest_free_hour_this_week(world):
    import datetime

    cursor = world.now
    busy = sorted((e["starts_at"], e["ends_at"]) for e in world.calendar if e["repeats"] is None and e["ends_at"] > cursor)
    for start, end in busy:
        if start > cursor:
            return cursor
        cursor = max(cursor, end)
    return cursor


# Wrong: returns the start of the longest free gap instead of the earliest hour
def earliest_free_hour_this_week(world):
    import datetime

    gaps = []
    for offset in range(4):
        day = world.now.date() + datetime.timedelta(days=offset)
        cursor = max(datetime.datetime.combine(day, world.work_day_start), world.now)
        day_end = datetime.datetime.combine(day, world.work_day_end)
        busy = sorted((e["starts_at"], e["ends_at"]) for e in world.calendar if e["starts_at"].date() == day)
        for start, end in busy + [(day_end, day_end)]:
            if start > cursor:
                gaps.append((start - cursor, cursor))
            cursor = max(cursor, end)
    return max(gaps)[1]


# Wrong: does not skip the time before now, so this morning's gap counts
def earliest_free_hour_this_week(world):
    import datetime

    for offset in range(4):
        day = world.now.date() + datetime.timedelta(days=offset)
        cursor = datetime.datetime.combine(day, datetime.time(8, 0))
        day_end = datetime.datetime.combine(day, world.work_day_end)
        busy = sorted((e["starts_at"], e["ends_at"]) for e in world.calendar if e["starts_at"].date() == day)
        for start, end in busy + [(day_end, day_end)]:
            if start - cursor >= datetime.timedelta(hours=1):
                return cursor
            cursor = max(cursor, end)
