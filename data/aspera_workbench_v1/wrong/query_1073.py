# Wrong: moves the high-importance meeting of each overlapping pair
def untangle_overlaps_this_week():
    week = this_week_dates()
    upcoming = find_events()
    settings = get_search_settings("work")
    for day in week:
        on_day = [e for e in upcoming if e.starts_at.date() == day]
        for first, second in zip(on_day, on_day[1:]):
            if second.starts_at < first.ends_at:
                move = first if first.event_importance == "high" else second
                others = [e for e in on_day if e is not move]
                length = move.ends_at - move.starts_at
                for slot in find_available_slots(others, settings, day):
                    if (
                        slot.start >= move.starts_at
                        and slot.end - slot.start >= length
                    ):
                        move.starts_at = slot.start
                        move.ends_at = slot.start + length
                        add_event(move)
                        break


# Wrong: counts meetings that merely touch as overlapping, so Friday's follow-up is moved too
def untangle_touching_meetings_too():
    week = this_week_dates()
    upcoming = find_events()
    settings = get_search_settings("work")
    for day in week:
        on_day = [e for e in upcoming if e.starts_at.date() == day]
        for first, second in zip(on_day, on_day[1:]):
            if second.starts_at <= first.ends_at:
                move = first if first.event_importance == "normal" else second
                others = [e for e in on_day if e is not move]
                length = move.ends_at - move.starts_at
                for slot in find_available_slots(others, settings, day):
                    if (
                        slot.start >= move.starts_at
                        and slot.end - slot.start >= length
                    ):
                        move.starts_at = slot.start
                        move.ends_at = slot.start + length
                        add_event(move)
                        break


# Wrong: moves each normal meeting to the first gap that fits anywhere in the day, even before it
def untangle_into_earliest_gap():
    week = this_week_dates()
    upcoming = find_events()
    settings = get_search_settings("work")
    for day in week:
        on_day = [e for e in upcoming if e.starts_at.date() == day]
        for first, second in zip(on_day, on_day[1:]):
            if second.starts_at < first.ends_at:
                move = first if first.event_importance == "normal" else second
                others = [e for e in on_day if e is not move]
                length = move.ends_at - move.starts_at
                for slot in find_available_slots(others, settings, day):
                    if slot.end - slot.start >= length:
                        move.starts_at = slot.start
                        move.ends_at = slot.start + length
                        add_event(move)
                        break
