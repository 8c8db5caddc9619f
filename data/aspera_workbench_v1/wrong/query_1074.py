# Wrong: cancels every meeting in Birch tomorrow instead of looking for other rooms
def relocate_meetings_out_of_birch():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    for event in find_events():
        if event.starts_at.date() == tomorrow and event.location == "Birch":
            delete_event(event)


# Wrong: ignores how many people each meeting has, so Planning poker lands in the four-seat Alder
def relocate_ignoring_capacity():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    for event in find_events():
        if event.starts_at.date() != tomorrow or event.location != "Birch":
            continue
        wanted = TimeInterval(start=event.starts_at, end=event.ends_at)
        options = [
            o
            for o in search_conference_room([wanted])
            if o.room.room_name != "Birch"
            and any(s.includes(wanted) for s in o.free_slots)
        ]
        if options:
            event.location = options[0].room.room_name
            add_event(event)
        else:
            delete_event(event)


# Wrong: picks the first other room that is big enough without checking its bookings
def relocate_without_checking_bookings():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    for event in find_events():
        if event.starts_at.date() != tomorrow or event.location != "Birch":
            continue
        rooms = search_conference_room(
            [tomorrow], capacity=len(event.attendees) + 1
        )
        others = [
            o.room.room_name for o in rooms if o.room.room_name != "Birch"
        ]
        if others:
            event.location = others[0]
            add_event(event)
        else:
            delete_event(event)
