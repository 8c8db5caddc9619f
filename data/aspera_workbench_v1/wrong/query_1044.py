# Wrong: checks Evander's holidays but not his calendar
def planning_session_with_evander():
    evander = find_employee("Evander")[0]
    holidays = get_vacation_schedule(evander) or []
    for day in parse_duration_to_calendar("NextWeek")[0][:5]:
        if any(h.contains_date(day) for h in holidays):
            continue
        start = combine(day, time_by_hm(3, 0, "pm"))
        add_event(
            Event(
                attendees=[evander],
                subject="Planning session",
                starts_at=start,
                ends_at=start + datetime.timedelta(hours=1),
            )
        )
        return


# Wrong: counts a meeting that ends exactly at 3 PM as a clash
def planning_session_with_evander():
    evander = find_employee("Evander")[0]
    holidays = get_vacation_schedule(evander) or []
    events = get_calendar(evander)
    for day in parse_duration_to_calendar("NextWeek")[0][:5]:
        if any(h.contains_date(day) for h in holidays):
            continue
        start = combine(day, time_by_hm(3, 0, "pm"))
        end = start + datetime.timedelta(hours=1)
        if any(e.starts_at <= end and e.ends_at >= start for e in events):
            continue
        add_event(
            Event(
                attendees=[evander],
                subject="Planning session",
                starts_at=start,
                ends_at=end,
            )
        )
        return
