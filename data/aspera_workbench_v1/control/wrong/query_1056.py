# Wrong: ignores the user's own calendar, so it books Thursday at 11 AM over the user's meeting
def team_prep_meeting_next_week(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    team = [p["employee_id"] for p in world.employees if p["team"] == me["team"] and p is not me]
    busy = [(e["starts_at"], e["ends_at"]) for t in team for e in world.colleague_calendars[t] if e["repeats"] is None]
    holidays = [v for v in world.vacations if v["employee_id"] in team]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for offset in range(5):
        day = monday + datetime.timedelta(days=offset)
        if any(v["start"].date() <= day <= v["end"].date() for v in holidays):
            continue
        for hour in range(9, 17):
            start = datetime.datetime.combine(day, datetime.time(hour, 0))
            end = start + datetime.timedelta(hours=1)
            if any(a < end and start < b for a, b in busy):
                continue
            world.calendar.append({"subject": "Team prep", "attendees": team, "starts_at": start, "ends_at": end})
            return


# Wrong: invites only the people who report to the user's manager, leaving out the manager and Radomir
def team_prep_meeting_next_week(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    people = [p["employee_id"] for p in world.employees if p["manager"] == me["manager"] and p is not me]
    events = world.calendar + [e for t in people for e in world.colleague_calendars[t]]
    busy = [(e["starts_at"], e["ends_at"]) for e in events if e["repeats"] is None]
    holidays = [v for v in world.vacations if v["employee_id"] in people]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for offset in range(5):
        day = monday + datetime.timedelta(days=offset)
        if any(v["start"].date() <= day <= v["end"].date() for v in holidays):
            continue
        for hour in range(9, 17):
            start = datetime.datetime.combine(day, datetime.time(hour, 0))
            end = start + datetime.timedelta(hours=1)
            if any(a < end and start < b for a, b in busy):
                continue
            world.calendar.append({"subject": "Team prep", "attendees": people, "starts_at": start, "ends_at": end})
            return
