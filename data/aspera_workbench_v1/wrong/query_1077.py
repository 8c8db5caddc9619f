# Wrong: ignores vacations, so Cosima is reported as free
def who_is_free_tomorrow_three_to_four() -> list[str]:
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    window = TimeInterval(
        start=combine(tomorrow, time_by_hm(3, 0, "pm")),
        end=combine(tomorrow, time_by_hm(4, 0, "pm")),
    )
    free = []
    for name in ["Aurelio", "Bronagh", "Cosima", "Darragh"]:
        person = find_employee(name)[0]
        if not any(
            intervals_overlap(
                TimeInterval(start=e.starts_at, end=e.ends_at), window
            )
            for e in get_calendar(person)
        ):
            free.append(name)
    return free


# Wrong: counts meetings that only touch the hour (ending at 3 or starting at 4) as clashes
def who_is_free_touching_counts():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    start = combine(tomorrow, time_by_hm(3, 0, "pm"))
    end = combine(tomorrow, time_by_hm(4, 0, "pm"))
    free = []
    for name in ["Aurelio", "Bronagh", "Cosima", "Darragh"]:
        person = find_employee(name)[0]
        if get_vacation_schedule(person):
            continue
        if not any(
            e.starts_at <= end and e.ends_at >= start
            for e in get_calendar(person)
        ):
            free.append(name)
    return free


# Wrong: looks at the user's own calendar for each colleague instead of theirs
def who_is_free_from_my_calendar():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    window = TimeInterval(
        start=combine(tomorrow, time_by_hm(3, 0, "pm")),
        end=combine(tomorrow, time_by_hm(4, 0, "pm")),
    )
    free = []
    for name in ["Aurelio", "Bronagh", "Cosima", "Darragh"]:
        person = find_employee(name)[0]
        mine = [
            e
            for e in find_events()
            if person in (e.attendees or [])
            and intervals_overlap(
                TimeInterval(start=e.starts_at, end=e.ends_at), window
            )
        ]
        if not mine:
            free.append(name)
    return free
