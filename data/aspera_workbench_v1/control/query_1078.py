# Hey, [Assistant], what's the largest conference room that's free on Friday from 10 to 11 AM?
def largest_room_free_friday_morning(world) -> str:
    """Return the name of the room with the most seats among those with no
    booking on Friday between 10 and 11 AM."""
    import datetime

    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7)
    start = datetime.datetime.combine(friday, datetime.time(10, 0))
    end = datetime.datetime.combine(friday, datetime.time(11, 0))
    free = [
        room
        for room in world.rooms
        if not any(b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings)
    ]
    if not free:
        raise world.RequiresUserInput("No room is free on Friday from 10 to 11 AM.")
    return max(free, key=lambda room: room["capacity"])["room_name"]
