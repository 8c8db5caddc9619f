# Wrong: ignores holidays, so Eulalia is reported as free
def teammates_free_tomorrow_two_to_three() -> list[str]:
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    window = TimeInterval(
        start=combine(tomorrow, time_by_hm(2, 0, "pm")),
        end=combine(tomorrow, time_by_hm(3, 0, "pm")),
    )
    free = []
    for colleague in find_team_of(get_current_user()):
        busy = any(
            intervals_overlap(
                window, TimeInterval(start=event.starts_at, end=event.ends_at)
            )
            for event in get_calendar(colleague)
        )
        if not busy:
            free.append(colleague.name)
    return free


# Wrong: treats meetings that only touch 2 PM or 3 PM as clashes, so Benedikt is left out
def teammates_free_tomorrow_two_to_three() -> list[str]:
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    start = combine(tomorrow, time_by_hm(2, 0, "pm"))
    end = combine(tomorrow, time_by_hm(3, 0, "pm"))
    free = []
    for colleague in find_team_of(get_current_user()):
        away = any(
            holiday.contains_date(tomorrow)
            for holiday in get_vacation_schedule(colleague) or []
        )
        busy = any(
            event.starts_at <= end and event.ends_at >= start
            for event in get_calendar(colleague)
        )
        if not away and not busy:
            free.append(colleague.name)
    return free
