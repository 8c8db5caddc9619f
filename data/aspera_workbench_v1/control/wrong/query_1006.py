# Wrong: cancels the earliest planning session without asking which one
def cancel_planning_session_with_rosalind(world):
    rosalind = next(p for p in world.employees if p["name"] == "Rosalind")
    sessions = sorted(
        (
            e
            for e in world.calendar
            if e["attendees"] == [rosalind["employee_id"]] and "planning session" in e["subject"].lower()
        ),
        key=lambda e: e["starts_at"],
    )
    world.calendar.remove(sessions[0])


# Wrong: cancels both planning sessions with Rosalind, then asks
def cancel_planning_session_with_rosalind(world):
    rosalind = next(p for p in world.employees if p["name"] == "Rosalind")
    sessions = [
        e
        for e in world.calendar
        if e["attendees"] == [rosalind["employee_id"]] and "planning session" in e["subject"].lower()
    ]
    for session in sessions:
        world.calendar.remove(session)
    if len(sessions) > 1:
        raise world.RequiresUserInput("I cancelled several planning sessions.")
