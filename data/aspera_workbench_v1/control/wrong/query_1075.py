# Wrong: lists every room with some free time in the afternoon, not the whole afternoon
def rooms_free_tomorrow_afternoon(world) -> list:
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, datetime.time(13, 0))
    end = datetime.datetime.combine(tomorrow, datetime.time(17, 0))
    names = []
    for room in world.rooms:
        booked = [b for b in world.room_bookings if b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"]]
        if not any(b["start"] <= start and b["end"] >= end for b in booked):
            names.append(room["room_name"])
    return names


# Wrong: asks for rooms free for the whole working day tomorrow, which wrongly drops Delta
def rooms_free_tomorrow_afternoon(world) -> list:
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, world.work_day_start)
    end = datetime.datetime.combine(tomorrow, world.work_day_end)
    return [
        r["room_name"]
        for r in world.rooms
        if not any(b["room_name"] == r["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings)
    ]
