# Wrong: does not check vacations, so Niamh is invited and her meeting pushes the retro later
def team_retro_on_friday():
    user = get_current_user()
    friday = get_next_dow("Friday")
    hour = datetime.timedelta(hours=1)
    team = find_team_of(user)
    busy = find_events()
    for person in team:
        busy += get_calendar(person)
    for slot in find_available_slots(busy, get_search_settings("work"), friday):
        if slot.end - slot.start >= hour:
            wanted = TimeInterval(start=slot.start, end=slot.start + hour)
            options = [
                o
                for o in search_conference_room(
                    [wanted], capacity=len(team) + 1
                )
                if any(s.includes(wanted) for s in o.free_slots)
            ]
            room = min(options, key=lambda o: o.room.capacity).room
            add_event(
                Event(
                    attendees=team,
                    subject="Team retro",
                    location=room.room_name,
                    starts_at=wanted.start,
                    ends_at=wanted.end,
                )
            )
            return


# Wrong: takes the first free room that is big enough instead of the smallest one
def team_retro_in_first_room():
    user = get_current_user()
    friday = get_next_dow("Friday")
    hour = datetime.timedelta(hours=1)
    present = [
        p
        for p in find_team_of(user)
        if not any(
            v.contains_date(friday) for v in get_vacation_schedule(p) or []
        )
    ]
    busy = find_events()
    for person in present:
        busy += get_calendar(person)
    for slot in find_available_slots(busy, get_search_settings("work"), friday):
        if slot.end - slot.start >= hour:
            wanted = TimeInterval(start=slot.start, end=slot.start + hour)
            for option in search_conference_room(
                [wanted], capacity=len(present) + 1
            ):
                if any(s.includes(wanted) for s in option.free_slots):
                    add_event(
                        Event(
                            attendees=present,
                            subject="Team retro",
                            location=option.room.room_name,
                            starts_at=wanted.start,
                            ends_at=wanted.end,
                        )
                    )
                    return


# Wrong: picks the smallest room that fits without checking whether it is booked
def team_retro_in_smallest_room():
    user = get_current_user()
    friday = get_next_dow("Friday")
    hour = datetime.timedelta(hours=1)
    present = [
        p
        for p in find_team_of(user)
        if not any(
            v.contains_date(friday) for v in get_vacation_schedule(p) or []
        )
    ]
    busy = find_events()
    for person in present:
        busy += get_calendar(person)
    for slot in find_available_slots(busy, get_search_settings("work"), friday):
        if slot.end - slot.start >= hour:
            rooms = search_conference_room([friday], capacity=len(present) + 1)
            room = min(rooms, key=lambda o: o.room.capacity).room
            add_event(
                Event(
                    attendees=present,
                    subject="Team retro",
                    location=room.room_name,
                    starts_at=slot.start,
                    ends_at=slot.start + hour,
                )
            )
            return
