# Wrong: books next Monday although Ysolde is on holiday
def lunch_with_ysolde_next_week(world):
    import datetime

    ysolde = next(p for p in world.employees if p["name"] == "Ysolde")["employee_id"]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    start = datetime.datetime.combine(monday, datetime.time(12, 30))
    world.calendar.append(
        {"subject": "Lunch", "attendees": [ysolde], "starts_at": start, "ends_at": start + datetime.timedelta(hours=1)}
    )


# Wrong: moves on to the week after next on its own instead of asking
def lunch_with_ysolde_next_week(world):
    import datetime

    ysolde = next(p for p in world.employees if p["name"] == "Ysolde")["employee_id"]
    holidays = [v for v in world.vacations if v["employee_id"] == ysolde]
    day = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    while day.weekday() > 4 or any(v["start"].date() <= day <= v["end"].date() for v in holidays):
        day += datetime.timedelta(days=1)
    start = datetime.datetime.combine(day, datetime.time(12, 30))
    world.calendar.append(
        {"subject": "Lunch", "attendees": [ysolde], "starts_at": start, "ends_at": start + datetime.timedelta(hours=1)}
    )
