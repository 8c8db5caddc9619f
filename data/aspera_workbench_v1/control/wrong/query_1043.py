# Wrong: ignores holidays and books every report on Monday at 10 AM
def one_to_ones_around_holidays(world) -> list:
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=7 - world.now.weekday()), datetime.time(10, 0))
    for report in me["reports"]:
        world.calendar.append(
            {"subject": "One-to-one", "attendees": [report], "starts_at": start, "ends_at": start + datetime.timedelta(minutes=30)}
        )
    return []


# Wrong: books correctly but reports everyone in the team who is off all week, not only the user's reports
def one_to_ones_around_holidays(world) -> list:
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    days = [monday + datetime.timedelta(days=i) for i in range(5)]
    off = []
    for person in [p for p in world.employees if p["team"] == me["team"] and p is not me]:
        holidays = [v for v in world.vacations if v["employee_id"] == person["employee_id"]]
        free_days = [d for d in days if not any(v["start"].date() <= d <= v["end"].date() for v in holidays)]
        if not free_days:
            off.append(person["name"])
            continue
        if person["employee_id"] not in me["reports"]:
            continue
        start = datetime.datetime.combine(free_days[0], datetime.time(10, 0))
        world.calendar.append(
            {
                "subject": "One-to-one",
                "attendees": [person["employee_id"]],
                "starts_at": start,
                "ends_at": start + datetime.timedelta(minutes=30),
            }
        )
    return off
