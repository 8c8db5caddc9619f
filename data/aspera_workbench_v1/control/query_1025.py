# Hey, [Assistant], when is my next meeting with Isadora? Tell me its date and start time.
def next_meeting_with_isadora(world):
    """Return the start of the earliest upcoming meeting that Isadora
    attends, occurrences of recurring series included."""
    people = {p["employee_id"] for p in world.employees if "isadora" in p["name"].lower()}
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Isadora. Who do you mean?")
    starts = [
        event["starts_at"]
        for event in world.calendar
        if event["repeats"] is None and event["starts_at"] >= world.now and people & set(event["attendees"] or [])
    ]
    if not starts:
        raise world.RequiresUserInput("You have no upcoming meeting with Isadora.")
    return min(starts)
