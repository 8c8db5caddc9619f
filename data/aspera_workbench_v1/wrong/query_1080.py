# Wrong: books the first room with four seats without checking its bookings (Elm is taken at 11:30)
def meeting_with_three_in_a_room_for_four():
    people = [
        find_employee(name)[0] for name in ["Xanthe", "Yevgenia", "Zenobia"]
    ]
    wednesday = get_next_dow("Wednesday")
    start = combine(wednesday, time_by_hm(11, 0, "am"))
    room = search_conference_room([wednesday], capacity=4)[0].room
    add_event(
        Event(
            attendees=people,
            location=room.room_name,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
        )
    )


# Wrong: counts only the three colleagues, so the three-seat Pine room is booked
def meeting_in_a_room_for_three():
    people = [
        find_employee(name)[0] for name in ["Xanthe", "Yevgenia", "Zenobia"]
    ]
    start = combine(get_next_dow("Wednesday"), time_by_hm(11, 0, "am"))
    wanted = TimeInterval(
        start=start, end=start + datetime.timedelta(minutes=45)
    )
    for option in search_conference_room([wanted], capacity=len(people)):
        if any(slot.includes(wanted) for slot in option.free_slots):
            add_event(
                Event(
                    attendees=people,
                    location=option.room.room_name,
                    starts_at=wanted.start,
                    ends_at=wanted.end,
                )
            )
            return


# Wrong: schedules the meeting on next week's Wednesday
def meeting_next_week_wednesday():
    people = [
        find_employee(name)[0] for name in ["Xanthe", "Yevgenia", "Zenobia"]
    ]
    day = get_next_dow("Wednesday") + datetime.timedelta(days=7)
    start = combine(day, time_by_hm(11, 0, "am"))
    wanted = TimeInterval(
        start=start, end=start + datetime.timedelta(minutes=45)
    )
    for option in search_conference_room([wanted], capacity=4):
        if any(slot.includes(wanted) for slot in option.free_slots):
            add_event(
                Event(
                    attendees=people,
                    location=option.room.room_name,
                    starts_at=wanted.start,
                    ends_at=wanted.end,
                )
            )
            return
