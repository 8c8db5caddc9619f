# Correct: lists the user in each one-to-one and answers with the employees off all week
def one_to_ones_around_holidays() -> list:
    import datetime

    me = get_current_user()
    monday = get_next_dow("Monday")
    week = [monday + datetime.timedelta(days=k) for k in range(5)]
    away_all_week = []
    for report in find_reports_of(me):
        holidays = get_vacation_schedule(report) or []
        free_days = [d for d in week if not any(h.start.date() <= d <= h.end.date() for h in holidays)]
        if not free_days:
            away_all_week.append(report)
            continue
        start = datetime.datetime.combine(free_days[0], datetime.time(10, 0))
        add_event(Event(attendees=[me, report], subject="1:1", starts_at=start, ends_at=start + datetime.timedelta(minutes=30)))
    return away_all_week


# Wrong: books every report on next Monday whatever their holidays
def one_to_ones_around_holidays() -> list:
    import datetime

    monday = get_next_dow("Monday")
    start = datetime.datetime.combine(monday, datetime.time(10, 0))
    for report in find_reports_of(get_current_user()):
        add_event(Event(attendees=[report], subject="1:1", starts_at=start, ends_at=start + datetime.timedelta(minutes=30)))
    return []
