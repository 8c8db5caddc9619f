# Wrong: does not skip the weekend, so the fourth intro lands on Saturday
def intros_with_new_teammates():
    newcomers = [
        p
        for p in find_team_of(get_current_user())
        if get_employee_profile(p).joined_date > datetime.date(2024, 5, 31)
    ]
    day = parse_date_string(DateExpressions["Tomorrow"])
    for person in sorted(newcomers, key=lambda p: p.name):
        start = combine(day, time_by_hm(11, 0, "am"))
        add_event(
            Event(
                attendees=[person],
                subject="Intro",
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=20),
            )
        )
        day = day + datetime.timedelta(days=1)


# Wrong: takes people who joined in the last 30 days instead of after the end of May
def intros_with_new_teammates():
    cutoff = now_().date() - datetime.timedelta(days=30)
    newcomers = [
        p
        for p in find_team_of(get_current_user())
        if get_employee_profile(p).joined_date >= cutoff
    ]
    day = parse_date_string(DateExpressions["Tomorrow"])
    for person in sorted(newcomers, key=lambda p: p.name):
        while day.weekday() > 4:
            day = day + datetime.timedelta(days=1)
        start = combine(day, time_by_hm(11, 0, "am"))
        add_event(
            Event(
                attendees=[person],
                subject="Intro",
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=20),
            )
        )
        day = day + datetime.timedelta(days=1)
