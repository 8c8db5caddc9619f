# Wrong: looks only at single events, which leaves out the series that began in the past
def next_meeting_with_isadora(world):
    isadora = next(p for p in world.employees if p["name"] == "Isadora")["employee_id"]
    return min(
        e["starts_at"]
        for e in world.calendar
        if e["repeats"] is None and e["recurrent_event_id"] is None and e["starts_at"] >= world.now
        and isadora in (e["attendees"] or [])
    )


# Wrong: returns the first occurrence of the series, which is already over
def next_meeting_with_isadora(world):
    isadora = next(p for p in world.employees if p["name"] == "Isadora")["employee_id"]
    return min(e["starts_at"] for e in world.calendar if isadora in (e["attendees"] or []) and e["repeats"] is None)


# Wrong: returns only the date, without the start time that was asked for
def next_meeting_with_isadora(world):
    isadora = next(p for p in world.employees if p["name"] == "Isadora")["employee_id"]
    return min(
        e["starts_at"]
        for e in world.calendar
        if e["repeats"] is None and e["starts_at"] >= world.now and isadora in (e["attendees"] or [])
    ).date()
