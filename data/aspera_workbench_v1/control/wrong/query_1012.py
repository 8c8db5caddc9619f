# Wrong: a plain daily series, so weekends get a stand-up too
def daily_stand_up_with_my_team(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    team = [p["employee_id"] for p in world.employees if p["team"] == me["team"] and not p["is_user"]]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    start = datetime.datetime.combine(monday, datetime.time(9, 15))
    world.calendar.append(
        {
            "subject": "Stand-up",
            "attendees": team,
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=15),
            "repeats": {"frequency": "daily", "recurs_until": datetime.date(2024, 8, 31)},
        }
    )


# Wrong: invites only the manager's reports, leaving the team's manager out
def daily_stand_up_with_my_team(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    manager = next(p for p in world.employees if p["employee_id"] == me["manager"])
    team = [i for i in manager["reports"] if i != me["employee_id"]]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    start = datetime.datetime.combine(monday, datetime.time(9, 15))
    world.calendar.append(
        {
            "subject": "Stand-up",
            "attendees": team,
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=15),
            "repeats": {"frequency": "daily", "which_weekday": [0, 1, 2, 3, 4], "recurs_until": datetime.date(2024, 8, 31)},
        }
    )


# Wrong: the series has no end date, so it stops after 23 meetings in July
def daily_stand_up_with_my_team(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    team = [p["employee_id"] for p in world.employees if p["team"] == me["team"] and not p["is_user"]]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    start = datetime.datetime.combine(monday, datetime.time(9, 15))
    world.calendar.append(
        {
            "subject": "Stand-up",
            "attendees": team,
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=15),
            "repeats": {"frequency": "weekly", "which_weekday": [0, 1, 2, 3, 4]},
        }
    )
