# Correct: checks every on-the-hour start against all calendars and holidays by hand, and lists the user
def team_prep_meeting_next_week():
    import datetime

    me = get_current_user()
    team = [p for p in find_team_of(me)]
    boss = find_manager_of(me)
    if boss not in team:
        team.append(boss)
    calendars = [find_events()] + [get_calendar(p) for p in team]
    holidays = [h for p in team for h in (get_vacation_schedule(p) or [])]
    monday = get_next_dow("Monday")
    for k in range(5):
        day = monday + datetime.timedelta(days=k)
        if any(h.contains_date(day) for h in holidays):
            continue
        for hour in range(9, 17):
            start = datetime.datetime.combine(day, datetime.time(hour, 0))
            end = start + datetime.timedelta(hours=1)
            hit = False
            for events in calendars:
                for event in events:
                    if event.repeats:
                        occurrences = get_event_instances(event) if event in calendars[0] else [event]
                    else:
                        occurrences = [event]
                    for o in occurrences:
                        if o.starts_at < end and start < o.ends_at and o.show_as_status != ShowAsStatus.Free:
                            hit = True
            if not hit:
                add_event(Event(attendees=team + [me], subject="Prep", starts_at=start, ends_at=end))
                return
    raise RequiresUserInput("No common hour next week.")


# Wrong: forgets the holidays and books Monday at 9 AM
def team_prep_meeting_next_week():
    import datetime

    me = get_current_user()
    team = find_team_of(me)
    start = datetime.datetime.combine(get_next_dow("Monday"), datetime.time(9, 0))
    add_event(Event(attendees=team, subject="Prep", starts_at=start, ends_at=start + datetime.timedelta(hours=1)))
