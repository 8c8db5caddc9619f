# Wrong: drops the seat requirement and books the first room that is free at 2 PM
def book_room_for_town_hall_rehearsal(world):
    rehearsal = next(e for e in world.calendar if "town hall rehearsal" in e["subject"].lower())
    start, end = rehearsal["starts_at"], rehearsal["ends_at"]
    for room in world.rooms:
        if not any(b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings):
            rehearsal["location"] = room["room_name"]
            return


# Wrong: checks the rooms for the whole of Thursday, so any free time counts as available
def book_room_for_town_hall_rehearsal(world):
    import datetime

    rehearsal = next(e for e in world.calendar if "town hall rehearsal" in e["subject"].lower())
    day = rehearsal["starts_at"].date()
    day_start = datetime.datetime.combine(day, world.work_day_start)
    day_end = datetime.datetime.combine(day, world.work_day_end)
    for room in world.rooms:
        if room["capacity"] < 10:
            continue
        booked = sum(
            (min(b["end"], day_end) - max(b["start"], day_start) for b in world.room_bookings
             if b["room_name"] == room["room_name"] and b["start"] < day_end and day_start < b["end"]),
            datetime.timedelta(0),
        )
        if booked < day_end - day_start:
            rehearsal["location"] = room["room_name"]
            return
    raise world.RequiresUserInput("No room with 10 seats is free then.")
