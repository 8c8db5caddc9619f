# Hey, [Assistant], when does the next meeting that Noemi is attending start? Give me the date and time.
def next_meeting_with_noemi(world):
    """Return the start of the earliest upcoming meeting that has Noemi among
    its attendees."""
    people = {p["employee_id"] for p in world.employees if "noemi" in p["name"].lower()}
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Noemi. Who do you mean?")
    # a meeting that began earlier today is already under way, not upcoming
    starts = [
        event["starts_at"]
        for event in world.calendar
        if event["repeats"] is None and event["starts_at"] >= world.now and people & set(event["attendees"] or [])
    ]
    if not starts:
        raise world.RequiresUserInput("You have no upcoming meeting with Noemi.")
    return min(starts)
