# Wrong: ignores Eudora's calendar and only looks at the user's free time and the rooms
def check_ins_with_eudora_next_week():
    eudora = find_employee("Eudora")[0]
    settings = get_search_settings("work")
    length = datetime.timedelta(minutes=30)
    mine = find_events()
    for day in parse_duration_to_calendar("NextWeek")[0][:5]:
        if any(
            e.starts_at.date() == day and eudora in e.attendees for e in mine
        ):
            continue
        two_pm = combine(day, time_by_hm(2, 0, "pm"))
        done = False
        for slot in find_available_slots(mine, settings, day):
            start = max(slot.start, two_pm)
            if slot.end - start < length or done:
                continue
            for option in search_conference_room(
                [TimeInterval(start=start, end=slot.end)], capacity=2
            ):
                for free in option.free_slots:
                    if free.end - free.start >= length and not done:
                        add_event(
                            Event(
                                attendees=[eudora],
                                location=option.room.room_name,
                                starts_at=free.start,
                                ends_at=free.start + length,
                            )
                        )
                        done = True


# Wrong: finds the common time but books the first room without checking its bookings
def check_ins_without_room_check():
    eudora = find_employee("Eudora")[0]
    settings = get_search_settings("work")
    length = datetime.timedelta(minutes=30)
    mine = find_events()
    busy = mine + get_calendar(eudora)
    days = parse_duration_to_calendar("NextWeek")[0][:5]
    room = search_conference_room(days, capacity=2)[0].room.room_name
    for day in days:
        if any(
            e.starts_at.date() == day and eudora in e.attendees for e in mine
        ):
            continue
        two_pm = combine(day, time_by_hm(2, 0, "pm"))
        for slot in find_available_slots(busy, settings, day):
            start = max(slot.start, two_pm)
            if slot.end - start >= length:
                add_event(
                    Event(
                        attendees=[eudora],
                        location=room,
                        starts_at=start,
                        ends_at=start + length,
                    )
                )
                break


# Wrong: does not skip Monday, where a meeting with Eudora already exists
def check_ins_every_weekday():
    eudora = find_employee("Eudora")[0]
    settings = get_search_settings("work")
    length = datetime.timedelta(minutes=30)
    busy = find_events() + get_calendar(eudora)
    days = parse_duration_to_calendar("NextWeek")[0][:5]
    for day in days:
        two_pm = combine(day, time_by_hm(2, 0, "pm"))
        best = None
        for slot in find_available_slots(busy, settings, day):
            start = max(slot.start, two_pm)
            if slot.end - start < length:
                continue
            for option in search_conference_room(
                [TimeInterval(start=start, end=slot.end)], capacity=2
            ):
                for free in option.free_slots:
                    if free.end - free.start >= length:
                        if best is None or free.start < best[0]:
                            best = (free.start, option.room.room_name)
            if best:
                break
        add_event(
            Event(
                attendees=[eudora],
                location=best[1],
                starts_at=best[0],
                ends_at=best[0] + length,
            )
        )
