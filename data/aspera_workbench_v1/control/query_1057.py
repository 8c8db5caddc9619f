# Hey, [Assistant], is the Juniper room free tomorrow from 2 to 3 PM?
def is_juniper_free_tomorrow_two_to_three(world) -> bool:
    """Tell whether the Juniper room has no booking between 2 and 3 PM
    tomorrow."""
    import datetime

    rooms = [room["room_name"] for room in world.rooms if "juniper" in room["room_name"].lower()]
    if len(rooms) != 1:
        raise world.RequiresUserInput(f"I found {len(rooms)} rooms called Juniper. Which one do you mean?")
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, datetime.time(14, 0))
    end = datetime.datetime.combine(tomorrow, datetime.time(15, 0))
    # a booking that ends at 2 PM or starts at 3 PM leaves the hour free
    return not any(
        booking["room_name"] == rooms[0] and booking["start"] < end and start < booking["end"]
        for booking in world.room_bookings
    )
