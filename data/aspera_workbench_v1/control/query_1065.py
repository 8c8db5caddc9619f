# Hey, [Assistant], set up a two-hour workshop with Osric tomorrow at a time when we're both free.
def two_hour_workshop_with_osric_tomorrow(world):
    """Put a two-hour workshop with Osric tomorrow in the first gap that is
    free in both calendars; ask the user when there is none."""
    import datetime

    people = [p for p in world.employees if "osric" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Osric. Who do you mean?")
    osric = people[0]["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, world.work_day_start)
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    busy = sorted(
        (e["starts_at"], e["ends_at"])
        for e in world.calendar + world.colleague_calendars[osric]
        if e["repeats"] is None and e["show_as_status"] != "free" and e["starts_at"] < day_end and e["ends_at"] > cursor
    )
    length = datetime.timedelta(hours=2)
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= length:
            world.calendar.append({"subject": "Workshop", "attendees": [osric], "starts_at": cursor, "ends_at": cursor + length})
            return
        cursor = max(cursor, end)
    raise world.RequiresUserInput(
        "You and Osric have no two free hours in common tomorrow. Should I look at another day or shorten the workshop?"
    )
