# Wrong: writes Sequoia into the meeting's location without checking that the room exists
def book_sequoia_for_sprint_demo(world):
    hamish = next(p for p in world.employees if p["name"] == "Hamish")["employee_id"]
    demo = next(e for e in world.calendar if e["attendees"] == [hamish] and "sprint demo" in e["subject"].lower())
    demo["location"] = "Sequoia"


# Wrong: replaces the unknown room with the first room that is free at that time
def book_sequoia_for_sprint_demo(world):
    hamish = next(p for p in world.employees if p["name"] == "Hamish")["employee_id"]
    demo = next(e for e in world.calendar if e["attendees"] == [hamish] and "sprint demo" in e["subject"].lower())
    for room in world.rooms:
        if not any(
            b["room_name"] == room["room_name"] and b["start"] < demo["ends_at"] and demo["starts_at"] < b["end"]
            for b in world.room_bookings
        ):
            demo["location"] = room["room_name"]
            return
