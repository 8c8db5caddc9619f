# Correct: checks each room's bookings itself and writes the room into the rehearsal's location
def book_room_for_town_hall_rehearsal():
    thursday = get_next_dow("Thursday")
    rehearsal = [e for e in find_events() if "town hall rehearsal" in (e.subject or "").lower() and e.starts_at.date() == thursday]
    if len(rehearsal) != 1:
        raise RequiresUserInput("Which rehearsal?")
    event = rehearsal[0]
    wanted = TimeInterval(start=event.starts_at, end=event.ends_at)
    rooms = sorted(search_conference_room([wanted]), key=lambda o: o.room.capacity)
    for option in rooms:
        if option.room.capacity >= 10 and any(s.start <= event.starts_at and event.ends_at <= s.end for s in option.free_slots):
            event.location = option.room.room_name
            add_event(event)
            return
    raise RequiresUserInput("No room for 10 people is free then.")


# Wrong: takes the biggest room, which is booked from 1:30 to 2:30
def book_room_for_town_hall_rehearsal():
    rehearsal = find_events(subject="town hall rehearsal")[0]
    wanted = TimeInterval(start=rehearsal.starts_at, end=rehearsal.ends_at)
    biggest = max(search_conference_room([wanted]), key=lambda o: o.room.capacity)
    rehearsal.location = biggest.room.room_name
    add_event(rehearsal)
