# Hey, [Assistant], starting tomorrow, schedule a 45-minute mentoring session with Evander every other Wednesday at 4 PM until the end of September.
def fortnightly_mentoring_with_evander(world):
    """Create a fortnightly series of 45-minute mentoring sessions with
    Evander on Wednesdays at 4 PM, from tomorrow to 30 September."""
    import datetime

    people = [p for p in world.employees if "evander" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Evander. Who do you mean?")
    today = world.now.date()
    # the first Wednesday from tomorrow on (tomorrow itself is one)
    first = today + datetime.timedelta(days=1)
    while first.weekday() != 2:
        first += datetime.timedelta(days=1)
    starts_at = datetime.datetime.combine(first, datetime.time(16, 0))
    world.calendar.append(
        {
            "subject": "Mentoring session",
            "attendees": [people[0]["employee_id"]],
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=45),
            "repeats": {"frequency": "weekly", "period": 2, "recurs_until": datetime.date(today.year, 9, 30)},
        }
    )
