# Wrong: returns the start of the first free slot whatever its length
def earliest_free_hour_this_week() -> datetime.datetime:
    slots = find_available_slots(find_events(), get_search_settings("work"))
    return sorted(slots, key=lambda s: s.start)[0].start


# Wrong: returns the start of the longest free slot instead of the earliest hour
def longest_free_slot_this_week() -> datetime.datetime:
    week = this_week_dates()
    slots = [
        s
        for s in find_available_slots(
            find_events(), get_search_settings("work")
        )
        if s.start.date() in week and s.start.weekday() < 5
    ]
    return max(slots, key=lambda s: s.end - s.start).start


# Wrong: also feeds past events to the search and does not skip time before now
def earliest_free_hour_with_past() -> datetime.datetime:
    events = find_past_events() + find_events()
    slots = find_available_slots(events, get_search_settings("work"))
    for slot in sorted(slots, key=lambda s: s.start):
        if slot.end - slot.start >= datetime.timedelta(hours=1):
            return slot.start
