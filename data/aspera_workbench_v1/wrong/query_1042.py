# Wrong: books next Monday although Ysolde is on holiday
def lunch_with_ysolde_next_week():
    ysolde = find_employee("Ysolde")[0]
    start = combine(get_next_dow("Monday"), time_by_hm(12, 30, "pm"))
    add_event(
        Event(
            attendees=[ysolde],
            subject="Lunch",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
        )
    )


# Wrong: moves on to the week after next on its own instead of asking
def lunch_with_ysolde_next_week():
    ysolde = find_employee("Ysolde")[0]
    holidays = get_vacation_schedule(ysolde) or []
    day = get_next_dow("Monday")
    while day.weekday() > 4 or any(h.contains_date(day) for h in holidays):
        day = day + datetime.timedelta(days=1)
    start = combine(day, time_by_hm(12, 30, "pm"))
    add_event(
        Event(
            attendees=[ysolde],
            subject="Lunch",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
        )
    )
