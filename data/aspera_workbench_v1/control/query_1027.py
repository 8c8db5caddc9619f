# Hey, [Assistant], for every meeting I have with Magnus next week, add a 15-minute prep block right before it.
def prep_blocks_before_magnus_meetings(world):
    """Add a 15-minute block without attendees ending at the start of each
    meeting with Magnus next week, occurrences of recurring series
    included."""
    import datetime

    people = {p["employee_id"] for p in world.employees if "magnus" in p["name"].lower()}
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Magnus. Who do you mean?")
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    # a meeting "with Magnus" may have other attendees too
    meetings = [
        event
        for event in world.calendar
        if event["repeats"] is None
        and people & set(event["attendees"] or [])
        and monday <= event["starts_at"].date() <= sunday
    ]
    for meeting in meetings:
        world.calendar.append(
            {
                "subject": f"Prep: {meeting['subject']}",
                "starts_at": meeting["starts_at"] - datetime.timedelta(minutes=15),
                "ends_at": meeting["starts_at"],
            }
        )
