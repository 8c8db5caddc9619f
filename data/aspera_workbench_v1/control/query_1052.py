# Hey, [Assistant], find a 30-minute slot tomorrow afternoon when Lucan is free and book a catch-up with him.
def catch_up_with_lucan_tomorrow_afternoon(world):
    """Book a 30-minute catch-up with Lucan in the first free half hour of
    his calendar tomorrow afternoon, after making sure the name identifies
    a single colleague."""
    import datetime

    candidates = [p for p in world.employees if "lucan" in p["name"].lower()]
    if len(candidates) != 1:
        raise world.RequiresUserInput(
            "More than one colleague is called Lucan (or nobody is). Which Lucan did you mean?"
        )
    lucan = candidates[0]["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, datetime.time(12, 0))
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    busy = sorted(
        (e["starts_at"], e["ends_at"])
        for e in world.colleague_calendars[lucan]
        if e["repeats"] is None and e["show_as_status"] != "free" and e["starts_at"] < day_end and e["ends_at"] > cursor
    )
    half_hour = datetime.timedelta(minutes=30)
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= half_hour:
            world.calendar.append(
                {"subject": "Catch-up", "attendees": [lucan], "starts_at": cursor, "ends_at": cursor + half_hour}
            )
            return
        cursor = max(cursor, end)
    raise world.RequiresUserInput("Lucan has no free half hour tomorrow afternoon.")
