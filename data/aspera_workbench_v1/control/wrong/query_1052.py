# Wrong: books with the first Lucan found instead of asking which one
def catch_up_with_lucan_tomorrow_afternoon(world):
    import datetime

    lucan = next(p for p in world.employees if "Lucan" in p["name"])["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, datetime.time(12, 0))
    busy = sorted((e["starts_at"], e["ends_at"]) for e in world.colleague_calendars[lucan] if e["starts_at"].date() == tomorrow)
    for start, end in busy + [(datetime.datetime.combine(tomorrow, world.work_day_end),) * 2]:
        if start - cursor >= datetime.timedelta(minutes=30):
            world.calendar.append(
                {"subject": "Catch-up", "attendees": [lucan], "starts_at": cursor, "ends_at": cursor + datetime.timedelta(minutes=30)}
            )
            return
        cursor = max(cursor, end)


# Wrong: invites both colleagues called Lucan to one catch-up instead of asking
def catch_up_with_lucan_tomorrow_afternoon(world):
    import datetime

    lucans = [p["employee_id"] for p in world.employees if "Lucan" in p["name"]]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(15, 0))
    world.calendar.append(
        {"subject": "Catch-up", "attendees": lucans, "starts_at": start, "ends_at": start + datetime.timedelta(minutes=30)}
    )
