# Wrong: silently takes the first colleague called Linnea
def catch_up_with_linnea_tomorrow(world):
    import datetime

    linnea = next(p for p in world.employees if "Linnea" in p["name"])["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, world.work_day_start)
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    busy = sorted(
        (e["starts_at"], e["ends_at"])
        for e in world.calendar + world.colleague_calendars[linnea]
        if e["repeats"] is None and e["starts_at"].date() == tomorrow
    )
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= datetime.timedelta(hours=1):
            world.calendar.append(
                {"subject": "Catch-up", "attendees": [linnea], "starts_at": cursor, "ends_at": cursor + datetime.timedelta(hours=1)}
            )
            return
        cursor = max(cursor, end)


# Wrong: books the catch-up first and only then asks which Linnea was meant
def catch_up_with_linnea_tomorrow(world):
    import datetime

    candidates = [p["employee_id"] for p in world.employees if "Linnea" in p["name"]]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(16, 0))
    world.calendar.append(
        {"subject": "Catch-up", "attendees": candidates, "starts_at": start, "ends_at": start + datetime.timedelta(hours=1)}
    )
    if len(candidates) > 1:
        raise world.RequiresUserInput("Which Linnea did you mean?")
