# Wrong: creates a second 11 AM event in Aspen instead of updating the meeting
def book_aspen_for_meeting_with_clodagh(world):
    import datetime

    clodagh = next(p for p in world.employees if p["name"] == "Clodagh")["employee_id"]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(11, 0))
    world.calendar.append(
        {
            "subject": "Meeting with Clodagh",
            "attendees": [clodagh],
            "location": "Aspen",
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=45),
        }
    )


# Wrong: books the room for the first meeting with Clodagh tomorrow (9:30)
def book_aspen_for_meeting_with_clodagh(world):
    import datetime

    clodagh = next(p for p in world.employees if p["name"] == "Clodagh")["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    meetings = sorted(
        (e for e in world.calendar if e["starts_at"].date() == tomorrow and clodagh in (e["attendees"] or [])),
        key=lambda e: e["starts_at"],
    )
    meetings[0]["location"] = "Aspen"
