# Wrong: the series has no end, so it does not stop after eight sessions
def weekly_one_on_one_with_marisol(world):
    import datetime

    marisol = next(p for p in world.employees if p["name"] == "Marisol")
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    start = datetime.datetime.combine(monday, datetime.time(10, 0))
    world.calendar.append(
        {
            "subject": "One-on-one",
            "attendees": [marisol["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=30),
            "repeats": {"frequency": "weekly"},
        }
    )


# Wrong: eight sessions, but every other week
def weekly_one_on_one_with_marisol(world):
    import datetime

    marisol = next(p for p in world.employees if p["name"] == "Marisol")
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    start = datetime.datetime.combine(monday, datetime.time(10, 0))
    world.calendar.append(
        {
            "subject": "One-on-one",
            "attendees": [marisol["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=30),
            "repeats": {"frequency": "weekly", "period": 2, "max_repetitions": 8},
        }
    )
