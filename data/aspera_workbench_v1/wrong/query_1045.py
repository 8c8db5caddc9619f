# Wrong: counts only meetings whose sole attendee is the manager, missing the group meeting
def minutes_with_manager_rest_of_week() -> int:
    manager = find_manager_of(get_current_user())
    week_end = this_week_dates()[-1]
    total = 0
    for event in find_events(attendees=[manager]):
        if event.starts_at.date() <= week_end:
            total += event.duration.number
    return int(total)


# Wrong: also counts this week's meeting that is already over
def minutes_with_manager_rest_of_week() -> int:
    manager = find_manager_of(get_current_user())
    week = this_week_dates()
    total = 0
    for event in find_past_events() + find_events():
        if week[0] <= event.starts_at.date() <= week[-1]:
            if event.attendees and manager in event.attendees:
                total += event.duration.number
    return int(total)
