# Hey, [Assistant], book a 1-hour prep meeting next week with my whole team, my manager included: take the earliest weekday slot starting on the hour between 9 AM and 4 PM when nobody in the team is on holiday and their calendars and mine are all free.
def team_prep_meeting_next_week(world):
    """Find next week's earliest on-the-hour slot (9 AM to 4 PM starts) that
    is free for the user and every teammate, on a day when no teammate is on
    holiday, and book a 1-hour meeting with the whole team there."""
    import datetime

    me = next(p for p in world.employees if p["employee_id"] == world.user_id)
    team = [p["employee_id"] for p in world.employees if p["team"] == me["team"] and p is not me]
    if me["manager"] is not None and me["manager"] not in team:
        team.append(me["manager"])
    if not team:
        raise world.RequiresUserInput("Your team has nobody else in it.")
    # everything that can block a slot: the user's events, the teammates'
    # events, and the teammates' holidays
    events = world.calendar + [event for person in team for event in world.colleague_calendars.get(person, [])]
    busy = [
        (event["starts_at"], event["ends_at"])
        for event in events
        if event["repeats"] is None and event["show_as_status"] != "free"
    ]
    holidays = [v for v in world.vacations if v["employee_id"] in team]
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    for offset in range(5):
        day = monday + datetime.timedelta(days=offset)
        if any(v["start"].date() <= day <= v["end"].date() for v in holidays):
            continue
        for hour in range(9, 17):
            start = datetime.datetime.combine(day, datetime.time(hour, 0))
            end = start + datetime.timedelta(hours=1)
            if any(first < end and start < last for first, last in busy):
                continue
            world.calendar.append(
                {"subject": "Team prep meeting", "attendees": team, "starts_at": start, "ends_at": end}
            )
            return
    raise world.RequiresUserInput("There is no common free hour for the team next week.")
