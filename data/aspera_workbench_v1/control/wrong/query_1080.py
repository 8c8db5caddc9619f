# Wrong: books the first room with four seats without checking its bookings (Elm is taken at 11:30)
def meeting_with_three_in_a_room_for_four(world):
    import datetime

    people = [p["employee_id"] for p in world.employees if p["name"] in ("Xanthe", "Yevgenia", "Zenobia")]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(11, 0))
    room = next(r for r in world.rooms if r["capacity"] >= 4)
    world.calendar.append(
        {"attendees": people, "location": room["room_name"], "starts_at": start, "ends_at": start + datetime.timedelta(minutes=45)}
    )


# Wrong: counts only the three colleagues, so the three-seat Pine room is booked
def meeting_with_three_in_a_room_for_four(world):
    import datetime

    people = [p["employee_id"] for p in world.employees if p["name"] in ("Xanthe", "Yevgenia", "Zenobia")]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(11, 0))
    end = start + datetime.timedelta(minutes=45)
    for room in world.rooms:
        if room["capacity"] >= len(people) and not any(
            b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings
        ):
            world.calendar.append({"attendees": people, "location": room["room_name"], "starts_at": start, "ends_at": end})
            return


# Wrong: schedules the meeting on next week's Wednesday
def meeting_with_three_in_a_room_for_four(world):
    import datetime

    people = [p["employee_id"] for p in world.employees if p["name"] in ("Xanthe", "Yevgenia", "Zenobia")]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=8), datetime.time(11, 0))
    end = start + datetime.timedelta(minutes=45)
    for room in world.rooms:
        if room["capacity"] >= 4 and not any(
            b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings
        ):
            world.calendar.append({"attendees": people, "location": room["room_name"], "starts_at": start, "ends_at": end})
            return
