# Correct: walks next week's weekdays checking holidays and Evander's meetings, and lists the user
def planning_session_with_evander():
    import datetime

    evander = find_employee("Evander")[0]
    monday = get_next_dow("Monday")
    holidays = get_vacation_schedule(evander) or []
    meetings = get_calendar(evander)
    for k in range(5):
        day = monday + datetime.timedelta(days=k)
        start = datetime.datetime.combine(day, datetime.time(15, 0))
        end = start + datetime.timedelta(hours=1)
        if any(h.start.date() <= day <= h.end.date() for h in holidays):
            continue
        if any(m.starts_at < end and start < m.ends_at for m in meetings):
            continue
        add_event(Event(attendees=[get_current_user(), evander], subject="Planning", starts_at=start, ends_at=end))
        return
    raise RequiresUserInput("Evander has no free weekday next week at 3 PM.")


# Wrong: checks the holidays but not Evander's meetings
def planning_session_with_evander():
    import datetime

    evander = find_employee("Evander")[0]
    monday = get_next_dow("Monday")
    holidays = get_vacation_schedule(evander) or []
    for k in range(5):
        day = monday + datetime.timedelta(days=k)
        if any(h.start.date() <= day <= h.end.date() for h in holidays):
            continue
        start = datetime.datetime.combine(day, datetime.time(15, 0))
        add_event(Event(attendees=[evander], subject="Planning", starts_at=start, ends_at=start + datetime.timedelta(hours=1)))
        return
