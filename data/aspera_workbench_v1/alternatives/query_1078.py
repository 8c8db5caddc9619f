# Correct: compares every room's bookings with the hour itself and answers in a sentence
def largest_room_free_friday_morning() -> str:
    import datetime

    friday = get_next_dow("Friday")
    start = datetime.datetime.combine(friday, datetime.time(10, 0))
    end = start + datetime.timedelta(hours=1)
    hour = TimeInterval(start=start, end=end)
    rooms = []
    for option in search_conference_room([hour]):
        if any(slot.start <= start and end <= slot.end for slot in option.free_slots):
            rooms.append(option.room)
    rooms.sort(key=lambda room: room.capacity, reverse=True)
    return f"The largest room free on Friday from 10 to 11 AM is {rooms[0].room_name} ({rooms[0].capacity} seats)."


# Correct: the room object itself
def largest_room_free_friday_morning():
    friday = get_next_dow("Friday")
    wanted = TimeInterval(start=combine(friday, time_by_hm(10, 0, "am")), end=combine(friday, time_by_hm(11, 0, "am")))
    free = [o.room for o in search_conference_room([wanted]) if any(s.includes(wanted) for s in o.free_slots)]
    return max(free, key=lambda room: room.capacity)


# Correct: the name in capitals
def largest_room_free_friday_morning() -> str:
    friday = get_next_dow("Friday")
    wanted = TimeInterval(start=combine(friday, time_by_hm(10, 0, "am")), end=combine(friday, time_by_hm(11, 0, "am")))
    free = [o.room for o in search_conference_room([wanted]) if any(s.includes(wanted) for s in o.free_slots)]
    return max(free, key=lambda room: room.capacity).room_name.upper()


# Wrong: the largest room overall, ignoring its booking at 10:30
def largest_room_free_friday_morning() -> str:
    friday = get_next_dow("Friday")
    wanted = TimeInterval(start=combine(friday, time_by_hm(10, 0, "am")), end=combine(friday, time_by_hm(11, 0, "am")))
    rooms = [o.room for o in search_conference_room([wanted])]
    return max(rooms, key=lambda room: room.capacity).room_name


# Wrong: every room free at that hour, largest first
def largest_room_free_friday_morning() -> str:
    friday = get_next_dow("Friday")
    wanted = TimeInterval(start=combine(friday, time_by_hm(10, 0, "am")), end=combine(friday, time_by_hm(11, 0, "am")))
    free = [o.room for o in search_conference_room([wanted]) if any(s.includes(wanted) for s in o.free_slots)]
    free.sort(key=lambda room: room.capacity, reverse=True)
    return ", ".join(room.room_name for room in free)


# Wrong: names a room that merely contains the right name
def largest_room_free_friday_morning() -> str:
    return "Canyonlands"
