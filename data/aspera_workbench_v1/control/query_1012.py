# Hey, [Assistant], set up a daily 15-minute stand-up with everyone in my team at 9:15 AM on weekdays, starting next Monday and running until the end of August.
def daily_stand_up_with_my_team(world):
    """Create a weekday series of 15-minute stand-ups at 9:15 AM with the
    user's whole team, from next Monday to the end of August."""
    import datetime

    me = next(p for p in world.employees if p["employee_id"] == world.user_id)
    team = [p["employee_id"] for p in world.employees if p["team"] == me["team"] and p is not me]
    today = world.now.date()
    next_monday = today + datetime.timedelta(days=7 - today.weekday())
    starts_at = datetime.datetime.combine(next_monday, datetime.time(9, 15))
    world.calendar.append(
        {
            "subject": "Daily stand-up",
            "attendees": team,
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=15),
            # the series is bounded by the last day of August
            "repeats": {
                "frequency": "daily",
                "which_weekday": [0, 1, 2, 3, 4],
                "recurs_until": datetime.date(today.year, 8, 31),
            },
        }
    )
