# Wrong: answers whether Juniper has any free time at all tomorrow
def is_juniper_free_tomorrow_two_to_three(world) -> bool:
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    day_start = datetime.datetime.combine(tomorrow, world.work_day_start)
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    taken = sorted(
        (b["start"], b["end"]) for b in world.room_bookings if b["room_name"] == "Juniper" and b["start"].date() == tomorrow
    )
    cursor = day_start
    for start, end in taken:
        if start > cursor:
            return True
        cursor = max(cursor, end)
    return cursor < day_end


# Wrong: checks today's 2 to 3 PM instead of tomorrow's
def is_juniper_free_tomorrow_two_to_three(world) -> bool:
    import datetime

    start = datetime.datetime.combine(world.now.date(), datetime.time(14, 0))
    end = datetime.datetime.combine(world.now.date(), datetime.time(15, 0))
    return not any(b["room_name"] == "Juniper" and b["start"] < end and start < b["end"] for b in world.room_bookings)
