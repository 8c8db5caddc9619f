# Wrong: only looks at the user's own calendar and books 13:00-15:00 over Osric's meeting
def two_hour_workshop_with_osric_tomorrow(world):
    import datetime

    osric = next(p for p in world.employees if p["name"] == "Osric")["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, world.work_day_start)
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    busy = sorted((e["starts_at"], e["ends_at"]) for e in world.calendar if e["repeats"] is None and e["starts_at"].date() == tomorrow)
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= datetime.timedelta(hours=2):
            world.calendar.append(
                {"subject": "Workshop", "attendees": [osric], "starts_at": cursor, "ends_at": cursor + datetime.timedelta(hours=2)}
            )
            return
        cursor = max(cursor, end)


# Wrong: falls back to the first common two-hour gap on a later day instead of asking
def two_hour_workshop_with_osric_tomorrow(world):
    import datetime

    osric = next(p for p in world.employees if p["name"] == "Osric")["employee_id"]
    events = [e for e in world.calendar + world.colleague_calendars[osric] if e["repeats"] is None]
    for offset in range(1, 8):
        day = world.now.date() + datetime.timedelta(days=offset)
        cursor = datetime.datetime.combine(day, world.work_day_start)
        day_end = datetime.datetime.combine(day, world.work_day_end)
        busy = sorted((e["starts_at"], e["ends_at"]) for e in events if e["starts_at"].date() == day)
        for start, end in busy + [(day_end, day_end)]:
            if start - cursor >= datetime.timedelta(hours=2):
                world.calendar.append(
                    {"subject": "Workshop", "attendees": [osric], "starts_at": cursor, "ends_at": cursor + datetime.timedelta(hours=2)}
                )
                return
            cursor = max(cursor, end)
