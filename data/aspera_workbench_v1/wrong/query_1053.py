# Wrong: only finds one-to-ones (exact attendee match), so the group meeting with Wystan is kept
def cancel_meetings_with_teammates_on_holiday():
    week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for colleague in find_team_of(get_current_user()):
        holidays = get_vacation_schedule(colleague) or []
        for event in find_events(attendees=[colleague]):
            day = event.starts_at.date()
            if week.start <= day <= week.end and any(
                h.contains_date(day) for h in holidays
            ):
                delete_event(event)


# Wrong: cancels meetings with anyone on holiday, including Dariusz from Finance
def cancel_meetings_with_teammates_on_holiday():
    week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for event in find_events():
        day = event.starts_at.date()
        if not week.start <= day <= week.end:
            continue
        for attendee in event.attendees or []:
            holidays = get_vacation_schedule(attendee) or []
            if any(h.contains_date(day) for h in holidays):
                delete_event(event)
                break
