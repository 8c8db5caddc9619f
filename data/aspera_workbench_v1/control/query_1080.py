# Hey, [Assistant], set up a 45-minute meeting with Xanthe, Yevgenia and Zenobia on Wednesday at 11 AM, and book any room for four that's free then.
def meeting_with_three_in_a_room_for_four(world):
    """Create a 45-minute meeting on Wednesday at 11 AM with Xanthe,
    Yevgenia and Zenobia, located in a room with at least four seats that
    is free for the whole meeting."""
    import datetime

    attendees = []
    for name in ["Xanthe", "Yevgenia", "Zenobia"]:
        people = [p for p in world.employees if name.lower() in p["name"].lower()]
        if len(people) != 1:
            raise world.RequiresUserInput(f"I found {len(people)} colleagues called {name}. Who do you mean?")
        attendees.append(people[0]["employee_id"])
    today = world.now.date()
    wednesday = today + datetime.timedelta(days=(2 - today.weekday()) % 7 or 7)
    start = datetime.datetime.combine(wednesday, datetime.time(11, 0))
    end = start + datetime.timedelta(minutes=45)
    for room in world.rooms:
        if room["capacity"] < 4:
            continue
        if any(b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings):
            continue
        world.calendar.append(
            {"subject": "Meeting", "attendees": attendees, "location": room["room_name"], "starts_at": start, "ends_at": end}
        )
        return
    raise world.RequiresUserInput("No room for four is free on Wednesday at 11 AM.")
