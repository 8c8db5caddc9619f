# Wrong: does not skip the weekend, so the fourth intro lands on Saturday
def intros_with_new_teammates(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    newcomers = [
        p for p in world.employees if p["team"] == me["team"] and p is not me and p["joined_date"] > datetime.date(2024, 5, 31)
    ]
    day = world.now.date() + datetime.timedelta(days=1)
    for person in sorted(newcomers, key=lambda p: p["name"]):
        start = datetime.datetime.combine(day, datetime.time(11, 0))
        world.calendar.append(
            {
                "subject": "Intro",
                "attendees": [person["employee_id"]],
                "starts_at": start,
                "ends_at": start + datetime.timedelta(minutes=20),
            }
        )
        day += datetime.timedelta(days=1)


# Wrong: takes people who joined in the last 30 days instead of after the end of May
def intros_with_new_teammates(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    cutoff = world.now.date() - datetime.timedelta(days=30)
    newcomers = [p for p in world.employees if p["team"] == me["team"] and p is not me and p["joined_date"] >= cutoff]
    day = world.now.date() + datetime.timedelta(days=1)
    for person in sorted(newcomers, key=lambda p: p["name"]):
        while day.weekday() > 4:
            day += datetime.timedelta(days=1)
        start = datetime.datetime.combine(day, datetime.time(11, 0))
        world.calendar.append(
            {
                "subject": "Intro",
                "attendees": [person["employee_id"]],
                "starts_at": start,
                "ends_at": start + datetime.timedelta(minutes=20),
            }
        )
        day += datetime.timedelta(days=1)
