# Correct: matches the subject by hand and asks unless exactly one upcoming session with Rosalind is found
def cancel_planning_session_with_rosalind():
    people = find_employee("Rosalind")
    sessions = [
        e
        for e in find_events()
        if "planning" in (e.subject or "").lower() and any(p in (e.attendees or []) for p in people)
    ]
    if len(sessions) != 1:
        raise RequiresUserInput(f"There are {len(sessions)} planning sessions with Rosalind; which one should I cancel?")
    delete_event(sessions[0])


# Wrong: cancels every planning session with Rosalind, past ones included
def cancel_planning_session_with_rosalind():
    rosalind = find_employee("Rosalind")[0]
    sessions = [
        e
        for e in find_events() + find_past_events()
        if "planning session" in (e.subject or "").lower() and rosalind in (e.attendees or [])
    ]
    if len(sessions) > 1 and all(e.starts_at > now_() for e in sessions):
        raise RequiresUserInput("Which one?")
    for session in sessions:
        delete_event(session)
