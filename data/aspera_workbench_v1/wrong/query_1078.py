# Wrong: treats a room as free if it has any free time on Friday, so the booked Summit wins
def largest_room_free_friday_morning() -> str:
    friday = get_next_dow("Friday")
    rooms = [o.room for o in search_conference_room([friday]) if o.free_slots]
    return max(rooms, key=lambda room: room.capacity).room_name


# Wrong: checks Thursday instead of Friday
def largest_room_free_thursday_morning() -> str:
    thursday = get_next_dow("Thursday")
    wanted = TimeInterval(
        start=combine(thursday, time_by_hm(10, 0, "am")),
        end=combine(thursday, time_by_hm(11, 0, "am")),
    )
    free = [
        o.room
        for o in search_conference_room([wanted])
        if any(s.includes(wanted) for s in o.free_slots)
    ]
    return max(free, key=lambda room: room.capacity).room_name
