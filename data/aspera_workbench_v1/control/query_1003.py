# Hey, [Assistant], set up a weekly 30-minute one-on-one with Marisol on Mondays at 10 AM, starting next week, eight sessions in total.
def weekly_one_on_one_with_marisol(world):
    """Create a weekly series of eight 30-minute one-on-ones with Marisol,
    Mondays at 10 AM, the first one next Monday."""
    import datetime

    people = [p for p in world.employees if "marisol" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Marisol. Who do you mean?")
    today = world.now.date()
    next_monday = today + datetime.timedelta(days=7 - today.weekday())
    starts_at = datetime.datetime.combine(next_monday, datetime.time(10, 0))
    world.calendar.append(
        {
            "subject": "One-on-one with Marisol",
            "attendees": [people[0]["employee_id"]],
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=30),
            "repeats": {"frequency": "weekly", "max_repetitions": 8},
        }
    )
