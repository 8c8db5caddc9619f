# Hey, [Assistant], book the Aspen room for my 11 AM meeting with Clodagh tomorrow.
def book_aspen_for_meeting_with_clodagh(world):
    """Put the Aspen room as the location of tomorrow's 11 AM meeting with
    Clodagh."""
    import datetime

    people = [p for p in world.employees if "clodagh" in p["name"].lower()]
    rooms = [room["room_name"] for room in world.rooms if "aspen" in room["room_name"].lower()]
    if len(people) != 1 or len(rooms) != 1:
        raise world.RequiresUserInput("I could not identify Clodagh or the Aspen room.")
    clodagh = people[0]["employee_id"]
    eleven = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(11, 0))
    meetings = [
        event
        for event in world.calendar
        if event["repeats"] is None and event["attendees"] == [clodagh] and event["starts_at"] == eleven
    ]
    if len(meetings) != 1:
        raise world.RequiresUserInput("I could not find exactly one 11 AM meeting with Clodagh tomorrow.")
    # a room is booked by naming it as the meeting's location
    meetings[0]["location"] = rooms[0]
