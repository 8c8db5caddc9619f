# Wrong: writes Sequoia into the meeting's location without checking that the room exists
def book_sequoia_for_sprint_demo():
    hamish = find_employee("Hamish")[0]
    demo = find_events(attendees=[hamish], subject="sprint demo")[0]
    demo.location = "Sequoia"
    add_event(demo)


# Wrong: replaces the unknown room with the first room that is free at that time
def book_first_free_room_for_sprint_demo():
    hamish = find_employee("Hamish")[0]
    demo = find_events(attendees=[hamish], subject="sprint demo")[0]
    wanted = TimeInterval(start=demo.starts_at, end=demo.ends_at)
    for option in search_conference_room([wanted]):
        if any(slot.includes(wanted) for slot in option.free_slots):
            demo.location = option.room.room_name
            add_event(demo)
            return
