# Hey, [Assistant], book the Sequoia room for my sprint demo with Hamish on Friday at 11 AM.
def book_sequoia_for_sprint_demo(world):
    """Put the Sequoia room on Friday's 11 AM sprint demo with Hamish, after
    checking that the room exists and is free; otherwise ask the user."""
    import datetime

    hamish = {p["employee_id"] for p in world.employees if "hamish" in p["name"].lower()}
    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7)
    eleven = datetime.datetime.combine(friday, datetime.time(11, 0))
    demos = [
        event
        for event in world.calendar
        if event["repeats"] is None
        and event["starts_at"] == eleven
        and "sprint demo" in (event["subject"] or "").lower()
        and hamish & set(event["attendees"] or [])
    ]
    if len(demos) != 1:
        raise world.RequiresUserInput("Which meeting is the sprint demo with Hamish?")
    demo = demos[0]
    sequoia = [room for room in world.rooms if room["room_name"].lower() == "sequoia"]
    if not sequoia:
        raise world.RequiresUserInput("There is no room called Sequoia. Which room should I book?")
    name = sequoia[0]["room_name"]
    if any(b["room_name"] == name and b["start"] < demo["ends_at"] and demo["starts_at"] < b["end"] for b in world.room_bookings):
        raise world.RequiresUserInput("Sequoia is not free on Friday at 11 AM.")
    demo["location"] = name
