# Wrong: takes the first Monday after the 1st, a week too late
def quarterly_planning_first_monday_next_month(world):
    import datetime

    ids = [p["employee_id"] for p in world.employees if p["name"] in ("Ophelia", "Bastian")]
    first = datetime.date(2024, world.now.month + 1, 1)
    monday = first + datetime.timedelta(days=(0 - first.weekday()) % 7 or 7)
    start = datetime.datetime.combine(monday, datetime.time(9, 30))
    world.calendar.append(
        {"subject": "Quarterly planning", "attendees": ids, "starts_at": start, "ends_at": start + datetime.timedelta(hours=1)}
    )


# Wrong: invites Ophelia only
def quarterly_planning_first_monday_next_month(world):
    import datetime

    ophelia = next(p for p in world.employees if p["name"] == "Ophelia")
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    start = datetime.datetime.combine(monday, datetime.time(9, 30))
    world.calendar.append(
        {
            "subject": "Quarterly planning",
            "attendees": [ophelia["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
        }
    )
