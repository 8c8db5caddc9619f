# Hey, [Assistant], if I already have a meeting with Hesper on Friday, move it to Monday at the same time; otherwise set up a 30-minute meeting with her on Friday at 10 AM.
def move_or_create_meeting_with_hesper(world):
    """Move this Friday's meeting with Hesper to the coming Monday at the
    same time, or create a 30-minute one on Friday at 10 AM if there is
    none."""
    import datetime

    people = [p for p in world.employees if "hesper" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Hesper. Who do you mean?")
    hesper = people[0]["employee_id"]
    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7)
    on_friday = [
        event
        for event in world.calendar
        if event["repeats"] is None and hesper in (event["attendees"] or []) and event["starts_at"].date() == friday
    ]
    if on_friday:
        # the Monday after that Friday
        shift = datetime.timedelta(days=3)
        for event in on_friday:
            event["starts_at"] += shift
            event["ends_at"] += shift
        return
    start = datetime.datetime.combine(friday, datetime.time(10, 0))
    world.calendar.append(
        {
            "subject": "Meeting with Hesper",
            "attendees": [hesper],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=30),
        }
    )
