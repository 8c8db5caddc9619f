# Hey, [Assistant], book a 1-hour lunch with Ysolde at 12:30 PM on the first weekday next week when she isn't on holiday.
def lunch_with_ysolde_next_week(world):
    """Book a 12:30-13:30 lunch with Ysolde on the first weekday of next week
    that she is not on holiday; ask the user if there is no such day."""
    import datetime

    people = [p for p in world.employees if "ysolde" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Ysolde. Who do you mean?")
    ysolde = people[0]["employee_id"]
    holidays = [v for v in world.vacations if v["employee_id"] == ysolde]
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    for offset in range(5):
        start = datetime.datetime.combine(monday + datetime.timedelta(days=offset), datetime.time(12, 30))
        end = start + datetime.timedelta(hours=1)
        if any(v["start"] < end and start < v["end"] for v in holidays):
            continue
        world.calendar.append(
            {"subject": "Lunch with Ysolde", "attendees": [ysolde], "starts_at": start, "ends_at": end}
        )
        return
    raise world.RequiresUserInput("Ysolde is on holiday every weekday next week. Should I look at another week?")
