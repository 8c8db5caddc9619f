# Wrong: treats the meeting that starts later as the less important one
def resolve_wednesday_clash():
    wednesday = get_next_dow("Wednesday")
    day = [e for e in find_events() if e.starts_at.date() == wednesday]
    for first, second in zip(day, day[1:]):
        if second.starts_at < first.ends_at:
            others = [e for e in day if e.event_id != second.event_id]
            length = second.ends_at - second.starts_at
            slots = find_available_slots(
                others, get_search_settings("work"), wednesday
            )
            for slot in slots:
                if (
                    slot.start >= second.starts_at
                    and slot.end - slot.start >= length
                ):
                    second.starts_at = slot.start
                    second.ends_at = slot.start + length
                    add_event(second)
                    return


# Wrong: compares importance and, on a tie, moves the meeting with fewer attendees
def resolve_clash_by_attendee_count():
    wednesday = get_next_dow("Wednesday")
    day = [e for e in find_events() if e.starts_at.date() == wednesday]
    for first, second in zip(day, day[1:]):
        if second.starts_at < first.ends_at:
            move = min([first, second], key=lambda e: len(e.attendees))
            length = move.ends_at - move.starts_at
            move.starts_at = combine(wednesday, time_by_hm(3, 0, "pm"))
            move.ends_at = move.starts_at + length
            add_event(move)
            return
