# Wrong: ignores holidays and books every report on Monday at 10 AM
def one_to_ones_around_holidays() -> list[str]:
    start = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    for report in find_reports_of(get_current_user()):
        add_event(
            Event(
                attendees=[report],
                subject="One-to-one",
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=30),
            )
        )
    return []


# Wrong: books correctly but reports everyone in the team who is off all week, not only the user's reports
def one_to_ones_around_holidays() -> list[str]:
    me = get_current_user()
    days = parse_duration_to_calendar("NextWeek")[0][:5]
    reports = find_reports_of(me)
    off = []
    for person in find_team_of(me):
        holidays = get_vacation_schedule(person) or []
        free_days = [
            d for d in days if not any(h.contains_date(d) for h in holidays)
        ]
        if not free_days:
            off.append(person.name)
            continue
        if person not in reports:
            continue
        start = combine(free_days[0], time_by_hm(10, 0, "am"))
        add_event(
            Event(
                attendees=[person],
                subject="One-to-one",
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=30),
            )
        )
    return off
