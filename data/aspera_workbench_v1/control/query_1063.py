# Hey, [Assistant], find an hour tomorrow when Linnea and I are both free and put a catch-up with her there.
def catch_up_with_linnea_tomorrow(world):
    """Schedule a one-hour catch-up with Linnea tomorrow in the first hour
    when both calendars are free; ask the user if the name is ambiguous."""
    import datetime

    candidates = [p for p in world.employees if "linnea" in p["name"].lower()]
    if len(candidates) != 1:
        raise world.RequiresUserInput(f"I found {len(candidates)} colleagues called Linnea. Which one do you mean?")
    linnea = candidates[0]["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, world.work_day_start)
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    busy = sorted(
        (e["starts_at"], e["ends_at"])
        for e in world.calendar + world.colleague_calendars[linnea]
        if e["repeats"] is None and e["show_as_status"] != "free" and e["starts_at"] < day_end and e["ends_at"] > cursor
    )
    hour = datetime.timedelta(hours=1)
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= hour:
            world.calendar.append({"subject": "Catch-up", "attendees": [linnea], "starts_at": cursor, "ends_at": cursor + hour})
            return
        cursor = max(cursor, end)
    raise world.RequiresUserInput("You and Linnea have no common free hour tomorrow.")
