# Correct: newcomers from the directory's team field, the user listed in each intro
def intros_with_new_teammates():
    import datetime

    me = get_current_user()
    team = get_employee_profile(me).team
    newcomers = sorted(
        (
            p
            for p in get_all_employees()
            if p != me
            and get_employee_profile(p).team == team
            and get_employee_profile(p).joined_date >= datetime.date(2024, 6, 1)
        ),
        key=lambda p: p.name,
    )
    day = now_().date()
    for person in newcomers:
        day += datetime.timedelta(days=1)
        while day.weekday() >= 5:
            day += datetime.timedelta(days=1)
        start = datetime.datetime.combine(day, datetime.time(11, 0))
        add_event(Event(attendees=[person, me], subject="Intro", starts_at=start, ends_at=start + datetime.timedelta(minutes=20)))


# Wrong: orders the newcomers by joining date instead of by name
def intros_with_new_teammates():
    import datetime

    me = get_current_user()
    newcomers = [p for p in find_team_of(me) if get_employee_profile(p).joined_date > datetime.date(2024, 5, 31)]
    newcomers.sort(key=lambda p: (get_employee_profile(p).joined_date, p.name), reverse=True)
    day = now_().date()
    for person in newcomers:
        day += datetime.timedelta(days=1)
        while day.weekday() >= 5:
            day += datetime.timedelta(days=1)
        start = datetime.datetime.combine(day, datetime.time(11, 0))
        add_event(Event(attendees=[person], subject="Intro", starts_at=start, ends_at=start + datetime.timedelta(minutes=20)))
