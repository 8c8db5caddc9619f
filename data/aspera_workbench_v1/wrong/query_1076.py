# Wrong: returns the free time in hours instead of minutes
def free_minutes_on_thursday() -> float:
    thursday = get_next_dow("Thursday")
    slots = find_available_slots(
        find_events(), get_search_settings("work"), thursday
    )
    return sum((s.end - s.start).total_seconds() for s in slots) / 3600


# Wrong: subtracts the summed meeting lengths from the working day, double-counting overlaps and counting the free-status session
def free_minutes_by_subtraction() -> int:
    thursday = get_next_dow("Thursday")
    settings = get_search_settings("work")
    day = combine(thursday, settings.latest_free_slot_finish) - combine(
        thursday, settings.earliest_free_slot_start
    )
    busy = sum(
        (e.ends_at - e.starts_at).total_seconds()
        for e in find_events()
        if e.starts_at.date() == thursday
    )
    return int((day.total_seconds() - busy) // 60)


# Wrong: treats the session shown as free as busy time
def free_minutes_counting_free_events() -> int:
    thursday = get_next_dow("Thursday")
    events = []
    for event in find_events():
        if event.starts_at.date() == thursday:
            event.show_as_status = ShowAsStatus.Busy
            events.append(event)
    slots = find_available_slots(events, get_search_settings("work"), thursday)
    return int(sum((s.end - s.start).total_seconds() for s in slots) // 60)
