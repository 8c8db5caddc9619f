# Hey, [Assistant], make sure I have a catch-up with Cordelia this week: if there isn't one yet, book 30 minutes with her this Friday at 11 AM.
def ensure_catch_up_with_cordelia(world):
    """Book a 30-minute catch-up with Cordelia on Friday at 11 AM unless an
    upcoming catch-up with her already falls in the current week."""
    import datetime

    people = [p for p in world.employees if "cordelia" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Cordelia. Who do you mean?")
    cordelia = people[0]["employee_id"]
    today = world.now.date()
    monday = today - datetime.timedelta(days=today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    existing = [
        event
        for event in world.calendar
        if event["repeats"] is None
        and event["starts_at"] >= world.now
        and "catch-up" in (event["subject"] or "").lower()
        and cordelia in (event["attendees"] or [])
        and monday <= event["starts_at"].date() <= sunday
    ]
    if existing:
        return
    friday = monday + datetime.timedelta(days=4)
    starts_at = datetime.datetime.combine(friday, datetime.time(11, 0))
    world.calendar.append(
        {
            "subject": "Catch-up",
            "attendees": [cordelia],
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=30),
        }
    )
