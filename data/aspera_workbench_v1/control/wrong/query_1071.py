# Wrong: does not check vacations, so Niamh is invited and her meeting pushes the retro later
def team_retro_on_friday(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    friday = world.now.date() + datetime.timedelta(days=3)
    team = [p["employee_id"] for p in world.employees if p["team"] == me["team"] and p is not me]
    events = world.calendar + [e for t in team for e in world.colleague_calendars[t]]
    busy = sorted((e["starts_at"], e["ends_at"]) for e in events if e["repeats"] is None and e["starts_at"].date() == friday)
    cursor = datetime.datetime.combine(friday, world.work_day_start)
    for first, last in busy + [(datetime.datetime.combine(friday, world.work_day_end),) * 2]:
        if first - cursor >= datetime.timedelta(hours=1):
            break
        cursor = max(cursor, last)
    start, end = cursor, cursor + datetime.timedelta(hours=1)
    options = [
        r
        for r in world.rooms
        if r["capacity"] >= len(team) + 1
        and not any(b["room_name"] == r["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings)
    ]
    room = min(options, key=lambda r: r["capacity"])
    world.calendar.append({"subject": "Team retro", "attendees": team, "location": room["room_name"], "starts_at": start, "ends_at": end})


# Wrong: takes the first free room that is big enough instead of the smallest one
def team_retro_on_friday(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    friday = world.now.date() + datetime.timedelta(days=3)
    present = [
        p["employee_id"]
        for p in world.employees
        if p["team"] == me["team"]
        and p is not me
        and not any(v["employee_id"] == p["employee_id"] and v["start"].date() <= friday <= v["end"].date() for v in world.vacations)
    ]
    events = world.calendar + [e for t in present for e in world.colleague_calendars[t]]
    busy = sorted((e["starts_at"], e["ends_at"]) for e in events if e["repeats"] is None and e["starts_at"].date() == friday)
    cursor = datetime.datetime.combine(friday, world.work_day_start)
    for first, last in busy + [(datetime.datetime.combine(friday, world.work_day_end),) * 2]:
        if first - cursor >= datetime.timedelta(hours=1):
            break
        cursor = max(cursor, last)
    start, end = cursor, cursor + datetime.timedelta(hours=1)
    for room in world.rooms:
        if room["capacity"] >= len(present) + 1 and not any(
            b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings
        ):
            world.calendar.append(
                {"subject": "Team retro", "attendees": present, "location": room["room_name"], "starts_at": start, "ends_at": end}
            )
            return


# Wrong: picks the smallest room that fits without checking whether it is booked
def team_retro_on_friday(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    friday = world.now.date() + datetime.timedelta(days=3)
    present = [
        p["employee_id"]
        for p in world.employees
        if p["team"] == me["team"]
        and p is not me
        and not any(v["employee_id"] == p["employee_id"] and v["start"].date() <= friday <= v["end"].date() for v in world.vacations)
    ]
    events = world.calendar + [e for t in present for e in world.colleague_calendars[t]]
    busy = sorted((e["starts_at"], e["ends_at"]) for e in events if e["repeats"] is None and e["starts_at"].date() == friday)
    cursor = datetime.datetime.combine(friday, world.work_day_start)
    for first, last in busy + [(datetime.datetime.combine(friday, world.work_day_end),) * 2]:
        if first - cursor >= datetime.timedelta(hours=1):
            break
        cursor = max(cursor, last)
    room = min((r for r in world.rooms if r["capacity"] >= len(present) + 1), key=lambda r: r["capacity"])
    world.calendar.append(
        {
            "subject": "Team retro",
            "attendees": present,
            "location": room["room_name"],
            "starts_at": cursor,
            "ends_at": cursor + datetime.timedelta(hours=1),
        }
    )
