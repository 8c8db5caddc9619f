# Wrong: only looks at the user's calendar and books 11:00 while Wolfram is busy
def meet_wolfram_thursday_first_common_slot():
    wolfram = find_employee("Wolfram")[0]
    thursday = get_next_dow("Thursday")
    slots = find_available_slots(
        find_events(), get_search_settings("work"), thursday
    )
    for slot in slots:
        if slot.end - slot.start >= datetime.timedelta(minutes=30):
            add_event(
                Event(
                    attendees=[wolfram],
                    starts_at=slot.start,
                    ends_at=slot.start + datetime.timedelta(minutes=30),
                )
            )
            return


# Wrong: finds the right slot but leaves the length to the 16-minute default
def meet_wolfram_default_length():
    wolfram = find_employee("Wolfram")[0]
    thursday = get_next_dow("Thursday")
    busy = find_events() + get_calendar(wolfram)
    slots = find_available_slots(busy, get_search_settings("work"), thursday)
    for slot in slots:
        if slot.end - slot.start >= datetime.timedelta(minutes=30):
            add_event(Event(attendees=[wolfram], starts_at=slot.start))
            return


# Wrong: takes the first common gap whatever its length
def meet_wolfram_first_gap():
    wolfram = find_employee("Wolfram")[0]
    thursday = get_next_dow("Thursday")
    busy = find_events() + get_calendar(wolfram)
    slot = find_available_slots(busy, get_search_settings("work"), thursday)[0]
    add_event(
        Event(
            attendees=[wolfram],
            starts_at=slot.start,
            ends_at=slot.start + datetime.timedelta(minutes=30),
        )
    )
