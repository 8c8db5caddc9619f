# Hey, [Assistant], which conference rooms are free for the whole of tomorrow afternoon, from 1 to 5 PM? Just give me their names.
def rooms_free_tomorrow_afternoon(world) -> list:
    """Return the names of the rooms with no booking between 1 and 5 PM
    tomorrow."""
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, datetime.time(13, 0))
    end = datetime.datetime.combine(tomorrow, datetime.time(17, 0))
    return [
        room["room_name"]
        for room in world.rooms
        if not any(b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings)
    ]
