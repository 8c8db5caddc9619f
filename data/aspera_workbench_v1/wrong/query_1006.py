# Wrong: cancels the earliest planning session without asking which one
def cancel_planning_session_with_rosalind():
    rosalind = find_employee("Rosalind")[0]
    sessions = find_events(attendees=[rosalind], subject="planning session")
    delete_event(sessions[0])


# Wrong: cancels both planning sessions with Rosalind, then asks
def cancel_planning_session_with_rosalind():
    rosalind = find_employee("Rosalind")[0]
    sessions = find_events(attendees=[rosalind], subject="planning session")
    for session in sessions:
        delete_event(session)
    if len(sessions) > 1:
        raise RequiresUserInput("I cancelled several planning sessions.")
