# Correct: looks the room up by name among all rooms, then sets the demo's location
def book_sequoia_for_sprint_demo():
    hamish = find_employee("Hamish")[0]
    friday = get_next_dow("Friday")
    demos = [e for e in find_events(attendees=[hamish]) if "sprint demo" in (e.subject or "").lower() and e.starts_at.date() == friday]
    if len(demos) != 1:
        raise RequiresUserInput("Which sprint demo?")
    demo = demos[0]
    span = TimeInterval(start=demo.starts_at, end=demo.ends_at)
    rooms = {o.room.room_name.lower(): o for o in search_conference_room([span])}
    if "sequoia" not in rooms:
        raise RequiresUserInput("I can't find a room called Sequoia. Which room do you want?")
    if not any(s.includes(span) for s in rooms["sequoia"].free_slots):
        raise RequiresUserInput("Sequoia is booked then.")
    demo.location = "Sequoia"
    add_event(demo)


# Wrong: books Sequoia and also moves the retro there
def book_sequoia_for_sprint_demo():
    hamish = find_employee("Hamish")[0]
    demo = find_events(attendees=[hamish], subject="sprint demo")[0]
    span = TimeInterval(start=demo.starts_at, end=demo.ends_at)
    if not [o for o in search_conference_room([span]) if o.room.room_name == "Sequoia"]:
        raise RequiresUserInput("No Sequoia room.")
    for event in find_events(subject="sprint"):
        event.location = "Sequoia"
        add_event(event)
