# Hey, [Assistant], set up a one-hour team retro on Friday at the first time when I and everyone in my team who isn't on vacation that day are free, and book the smallest room that fits us all.
def team_retro_on_friday(world):
    """Schedule a one-hour retro on Friday with every teammate who is not on
    vacation then, at the first hour free in all their calendars and the
    user's, in the smallest free room that seats everyone."""
    import datetime

    me = next(p for p in world.employees if p["employee_id"] == world.user_id)
    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7)
    hour = datetime.timedelta(hours=1)
    # teammates away on Friday are left out
    present = [
        p["employee_id"]
        for p in world.employees
        if p["team"] == me["team"]
        and p is not me
        and not any(
            v["employee_id"] == p["employee_id"] and v["start"].date() <= friday <= v["end"].date() for v in world.vacations
        )
    ]
    # everybody's meetings block the time
    events = world.calendar + [e for person in present for e in world.colleague_calendars.get(person, [])]
    cursor = datetime.datetime.combine(friday, world.work_day_start)
    day_end = datetime.datetime.combine(friday, world.work_day_end)
    busy = sorted(
        (e["starts_at"], e["ends_at"])
        for e in events
        if e["repeats"] is None and e["show_as_status"] != "free" and e["starts_at"] < day_end and e["ends_at"] > cursor
    )
    start = None
    for first, last in busy + [(day_end, day_end)]:
        if first - cursor >= hour:
            start = cursor
            break
        cursor = max(cursor, last)
    if start is None:
        raise world.RequiresUserInput("Your team has no common free hour on Friday.")
    end = start + hour
    headcount = len(present) + 1
    options = [
        room
        for room in world.rooms
        if room["capacity"] >= headcount
        and not any(b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings)
    ]
    if not options:
        raise world.RequiresUserInput(f"No room for {headcount} is free on Friday at {start:%H:%M}.")
    smallest = min(options, key=lambda room: room["capacity"])
    world.calendar.append(
        {"subject": "Team retro", "attendees": present, "location": smallest["room_name"], "starts_at": start, "ends_at": end}
    )
