# Hey, [Assistant], schedule a one-hour quarterly planning meeting with Ophelia and Bastian on the first Monday of next month at 9:30 AM.
def quarterly_planning_first_monday_next_month(world):
    """Book a one-hour meeting with Ophelia and Bastian at 9:30 AM on the
    first Monday of next month."""
    import datetime

    attendees = []
    for name in ("Ophelia", "Bastian"):
        people = [p for p in world.employees if name.lower() in p["name"].lower()]
        if len(people) != 1:
            raise world.RequiresUserInput(f"I found {len(people)} colleagues called {name}. Who do you mean?")
        attendees.append(people[0]["employee_id"])
    today = world.now.date()
    day = datetime.date(today.year + today.month // 12, today.month % 12 + 1, 1)
    # walk forward from the first of the month to its first Monday
    while day.weekday() != 0:
        day += datetime.timedelta(days=1)
    starts_at = datetime.datetime.combine(day, datetime.time(9, 30))
    world.calendar.append(
        {
            "subject": "Quarterly planning",
            "attendees": attendees,
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(hours=1),
        }
    )
