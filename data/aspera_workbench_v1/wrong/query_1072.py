# Wrong: forgets to count the user, so a three-colleague meeting gets the three-seat Puffin room
def book_rooms_for_next_weeks_group_meetings():
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for event in find_events():
        if not next_week.start <= event.starts_at.date() <= next_week.end:
            continue
        if len(event.attendees or []) < 3 or event.location:
            continue
        wanted = TimeInterval(start=event.starts_at, end=event.ends_at)
        options = [
            o
            for o in search_conference_room(
                [wanted], capacity=len(event.attendees)
            )
            if any(s.includes(wanted) for s in o.free_slots)
        ]
        event.location = min(
            options, key=lambda o: o.room.capacity
        ).room.room_name
        add_event(event)


# Wrong: books the first free room that fits in listing order rather than the smallest
def book_first_fitting_rooms():
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for event in find_events():
        if not next_week.start <= event.starts_at.date() <= next_week.end:
            continue
        if len(event.attendees or []) < 3 or event.location:
            continue
        wanted = TimeInterval(start=event.starts_at, end=event.ends_at)
        for o in search_conference_room(
            [wanted], capacity=len(event.attendees) + 1
        ):
            if any(s.includes(wanted) for s in o.free_slots):
                event.location = o.room.room_name
                add_event(event)
                break


# Wrong: picks the smallest room that fits without checking that it is free
def book_smallest_rooms_without_checking():
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for event in find_events():
        if not next_week.start <= event.starts_at.date() <= next_week.end:
            continue
        if len(event.attendees or []) < 3 or event.location:
            continue
        options = search_conference_room(
            [event.starts_at.date()], capacity=len(event.attendees) + 1
        )
        event.location = min(
            options, key=lambda o: o.room.capacity
        ).room.room_name
        add_event(event)
