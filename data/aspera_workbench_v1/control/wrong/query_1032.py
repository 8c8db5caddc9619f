# Wrong: looks only for meetings whose attendees are exactly Noemi, missing tomorrow's group meeting
def next_meeting_with_noemi(world):
    noemi = next(p for p in world.employees if p["name"] == "Noemi")["employee_id"]
    return min(e["starts_at"] for e in world.calendar if e["attendees"] == [noemi] and e["starts_at"] >= world.now)


# Wrong: returns only the date, without the time
def next_meeting_with_noemi(world):
    noemi = next(p for p in world.employees if p["name"] == "Noemi")["employee_id"]
    return min(
        e["starts_at"] for e in world.calendar if noemi in (e["attendees"] or []) and e["starts_at"] >= world.now
    ).date()


# Wrong: counts the meeting that is already under way as the next one
def next_meeting_with_noemi(world):
    noemi = next(p for p in world.employees if p["name"] == "Noemi")["employee_id"]
    return min(
        e["starts_at"]
        for e in world.calendar
        if noemi in (e["attendees"] or []) and e["starts_at"].date() >= world.now.date()
    )
