# Wrong: checks only the manager's holidays and forgets Verity
def first_day_next_month_both_in() -> datetime.date:
    holidays = get_vacation_schedule(find_manager_of(get_current_user())) or []
    month = parse_durations_to_date_interval(DateRanges["NextMonth"])
    day = month.start
    while day.weekday() > 4 or any(h.contains_date(day) for h in holidays):
        day = day + datetime.timedelta(days=1)
    return day


# Wrong: treats a day as blocked only when a holiday starts on it
def first_day_next_month_both_in() -> datetime.date:
    people = [find_manager_of(get_current_user()), find_employee("Verity")[0]]
    starts = []
    for person in people:
        starts += [h.start.date() for h in get_vacation_schedule(person) or []]
    day = parse_durations_to_date_interval(DateRanges["NextMonth"]).start
    while day.weekday() > 4 or day in starts:
        day = day + datetime.timedelta(days=1)
    return day
