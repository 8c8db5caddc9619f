# Wrong: ignores room capacity, so the two-seat Onyx room is taken tomorrow at 10
def meet_jolyon_and_keturah_in_a_room():
    jolyon = find_employee("Jolyon")[0]
    keturah = find_employee("Keturah")[0]
    now = now_()
    hour = datetime.timedelta(hours=1)
    days = [d for d in this_week_dates() if d >= now.date() and d.weekday() < 5]
    busy = find_events() + get_calendar(jolyon) + get_calendar(keturah)
    settings = get_search_settings("work")
    rooms = [option.room for option in search_conference_room(days)]
    for day in days:
        for slot in find_available_slots(busy, settings, day):
            start = max(slot.start, now)
            for room in rooms:
                window = TimeInterval(start=start, end=slot.end)
                for free in find_available_time_slots(room.room_name, [window]):
                    if free.end - free.start >= hour:
                        add_event(
                            Event(
                                attendees=[jolyon, keturah],
                                location=room.room_name,
                                starts_at=free.start,
                                ends_at=free.start + hour,
                            )
                        )
                        return


# Wrong: checks only the user's and Jolyon's calendars, not Keturah's
def meet_without_checking_keturah():
    jolyon = find_employee("Jolyon")[0]
    keturah = find_employee("Keturah")[0]
    now = now_()
    hour = datetime.timedelta(hours=1)
    days = [d for d in this_week_dates() if d >= now.date() and d.weekday() < 5]
    busy = find_events() + get_calendar(jolyon)
    settings = get_search_settings("work")
    rooms = [option.room for option in search_conference_room(days, capacity=3)]
    for day in days:
        for slot in find_available_slots(busy, settings, day):
            start = max(slot.start, now)
            for room in rooms:
                window = TimeInterval(start=start, end=slot.end)
                for free in find_available_time_slots(room.room_name, [window]):
                    if free.end - free.start >= hour:
                        add_event(
                            Event(
                                attendees=[jolyon, keturah],
                                location=room.room_name,
                                starts_at=free.start,
                                ends_at=free.start + hour,
                            )
                        )
                        return


# Wrong: finds the common hour but books the first big-enough room without checking its bookings
def meet_in_first_big_room():
    jolyon = find_employee("Jolyon")[0]
    keturah = find_employee("Keturah")[0]
    now = now_()
    hour = datetime.timedelta(hours=1)
    days = [d for d in this_week_dates() if d >= now.date() and d.weekday() < 5]
    busy = find_events() + get_calendar(jolyon) + get_calendar(keturah)
    settings = get_search_settings("work")
    room = search_conference_room(days, capacity=3)[0].room
    for day in days:
        for slot in find_available_slots(busy, settings, day):
            start = max(slot.start, now)
            if slot.end - start >= hour:
                add_event(
                    Event(
                        attendees=[jolyon, keturah],
                        location=room.room_name,
                        starts_at=start,
                        ends_at=start + hour,
                    )
                )
                return
