# Wrong: ignores the "after 1 PM" constraint and takes the first 45-minute gap of the day
def block_focus_time_tomorrow_afternoon(world):
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, world.work_day_start)
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    busy = sorted((e["starts_at"], e["ends_at"]) for e in world.calendar if e["starts_at"].date() == tomorrow)
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= datetime.timedelta(minutes=45):
            world.calendar.append({"subject": "Focus time", "starts_at": cursor, "ends_at": cursor + datetime.timedelta(minutes=45)})
            return
        cursor = max(cursor, end)


# Wrong: gives the block the 16-minute default length instead of 45 minutes
def block_focus_time_tomorrow_afternoon(world):
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, datetime.time(13, 0))
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    busy = sorted((e["starts_at"], e["ends_at"]) for e in world.calendar if e["starts_at"].date() == tomorrow and e["ends_at"] > cursor)
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= datetime.timedelta(minutes=45):
            world.calendar.append({"subject": "Focus time", "starts_at": cursor, "ends_at": cursor + datetime.timedelta(minutes=16)})
            return
        cursor = max(cursor, end)


# Wrong: searches today's afternoon instead of tomorrow's
def block_focus_time_tomorrow_afternoon(world):
    import datetime

    today = world.now.date()
    cursor = datetime.datetime.combine(today, datetime.time(13, 0))
    day_end = datetime.datetime.combine(today, world.work_day_end)
    busy = sorted((e["starts_at"], e["ends_at"]) for e in world.calendar if e["starts_at"].date() == today and e["ends_at"] > cursor)
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= datetime.timedelta(minutes=45):
            world.calendar.append({"subject": "Focus time", "starts_at": cursor, "ends_at": cursor + datetime.timedelta(minutes=45)})
            return
        cursor = max(cursor, end)
