# Wrong: drops the seat requirement and books the first room that is free at 2 PM
def book_room_for_town_hall_rehearsal():
    thursday = get_next_dow("Thursday")
    rehearsal = find_events(subject="town hall rehearsal")[0]
    wanted = TimeInterval(start=rehearsal.starts_at, end=rehearsal.ends_at)
    for option in search_conference_room([wanted]):
        if any(slot.includes(wanted) for slot in option.free_slots):
            rehearsal.location = option.room.room_name
            add_event(rehearsal)
            return


# Wrong: checks the rooms for the whole of Thursday, so any free time counts as available
def book_room_free_some_time_thursday():
    thursday = get_next_dow("Thursday")
    rehearsal = find_events(subject="town hall rehearsal")[0]
    for option in search_conference_room([thursday], capacity=10):
        if option.free_slots:
            rehearsal.location = option.room.room_name
            add_event(rehearsal)
            return
    raise RequiresUserInput("No room with 10 seats is free then.")
