# Hey, [Assistant], cancel my planning session with Rosalind.
def cancel_planning_session_with_rosalind(world):
    """Delete the upcoming planning session with Rosalind, or ask the user
    which one is meant when there is not exactly one."""
    people = {p["employee_id"] for p in world.employees if "rosalind" in p["name"].lower()}
    if not people:
        raise world.RequiresUserInput("I could not find Rosalind in the directory.")
    sessions = [
        event
        for event in world.calendar
        if event["recurrent_event_id"] is None
        and event["starts_at"] >= world.now
        and "planning session" in (event["subject"] or "").lower()
        and len(event["attendees"] or []) == 1
        and event["attendees"][0] in people
    ]
    if len(sessions) != 1:
        raise world.RequiresUserInput(
            f"You have {len(sessions)} upcoming planning sessions with Rosalind. Which one should I cancel?"
        )
    world.calendar.remove(sessions[0])
