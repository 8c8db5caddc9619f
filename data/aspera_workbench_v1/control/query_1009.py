# Hey, [Assistant], two weeks from today, put a 20-minute check-in with Cosmo in my calendar at 4 PM.
def check_in_with_cosmo_in_two_weeks(world):
    """Book a 20-minute check-in with Cosmo at 4 PM, fourteen days from
    today."""
    import datetime

    people = [p for p in world.employees if "cosmo" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Cosmo. Who do you mean?")
    day = world.now.date() + datetime.timedelta(days=14)
    starts_at = datetime.datetime.combine(day, datetime.time(16, 0))
    world.calendar.append(
        {
            "subject": "Check-in with Cosmo",
            "attendees": [people[0]["employee_id"]],
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=20),
        }
    )
