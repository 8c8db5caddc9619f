# Correct: walks next week's weekdays with datetime and lists the user at the lunch
def lunch_with_ysolde_next_week():
    import datetime

    ysolde = find_employee("Ysolde")[0]
    holidays = get_vacation_schedule(ysolde) or []
    monday = get_next_dow("Monday")
    for offset in range(5):
        day = monday + datetime.timedelta(days=offset)
        if any(h.start.date() <= day <= h.end.date() for h in holidays):
            continue
        start = datetime.datetime.combine(day, datetime.time(12, 30))
        add_event(Event(attendees=[ysolde, get_current_user()], subject="Lunch", starts_at=start, ends_at=start + datetime.timedelta(hours=1)))
        return
    raise RequiresUserInput("Ysolde is away all of next week. Should I try the week after?")


# Wrong: books the first day after her holiday ends, even in the week after
def lunch_with_ysolde_next_week():
    import datetime

    ysolde = find_employee("Ysolde")[0]
    holidays = get_vacation_schedule(ysolde) or []
    day = max(h.end.date() for h in holidays) + datetime.timedelta(days=1)
    while day.weekday() > 4:
        day += datetime.timedelta(days=1)
    start = datetime.datetime.combine(day, datetime.time(12, 30))
    add_event(Event(attendees=[ysolde], subject="Lunch", starts_at=start, ends_at=start + datetime.timedelta(hours=1)))
