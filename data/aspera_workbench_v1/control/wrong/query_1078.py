# Wrong: treats a room as free if it has any free time on Friday, so the booked Summit wins
def largest_room_free_friday_morning(world) -> str:
    return max(world.rooms, key=lambda room: room["capacity"])["room_name"]


# Wrong: checks Thursday instead of Friday
def largest_room_free_friday_morning(world) -> str:
    import datetime

    thursday = world.now.date() + datetime.timedelta(days=2)
    start = datetime.datetime.combine(thursday, datetime.time(10, 0))
    end = datetime.datetime.combine(thursday, datetime.time(11, 0))
    free = [
        r
        for r in world.rooms
        if not any(b["room_name"] == r["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings)
    ]
    return max(free, key=lambda r: r["capacity"])["room_name"]
