# Wrong: ignores the user's own calendar, so it books Thursday at 11 AM over the user's meeting
def team_prep_meeting_next_week():
    me = get_current_user()
    team = find_team_of(me)
    busy = []
    holidays = []
    for colleague in team:
        busy += get_calendar(colleague)
        holidays += get_vacation_schedule(colleague) or []
    for day in parse_duration_to_calendar("NextWeek")[0][:5]:
        if any(h.contains_date(day) for h in holidays):
            continue
        for hour in range(9, 17):
            start = combine(day, datetime.time(hour, 0))
            slot = TimeInterval(
                start=start, end=start + datetime.timedelta(hours=1)
            )
            if any(
                intervals_overlap(
                    slot, TimeInterval(start=e.starts_at, end=e.ends_at)
                )
                for e in busy
            ):
                continue
            add_event(
                Event(
                    attendees=team,
                    subject="Team prep",
                    starts_at=slot.start,
                    ends_at=slot.end,
                )
            )
            return


# Wrong: invites only the people who report to the user's manager, leaving out the manager and Radomir
def team_prep_meeting_next_week():
    me = get_current_user()
    manager = find_manager_of(me)
    people = [p for p in find_reports_of(manager) if p != me]
    busy = find_events()
    holidays = []
    for colleague in people:
        busy += get_calendar(colleague)
        holidays += get_vacation_schedule(colleague) or []
    for day in parse_duration_to_calendar("NextWeek")[0][:5]:
        if any(h.contains_date(day) for h in holidays):
            continue
        for hour in range(9, 17):
            start = combine(day, datetime.time(hour, 0))
            slot = TimeInterval(
                start=start, end=start + datetime.timedelta(hours=1)
            )
            if any(
                intervals_overlap(
                    slot, TimeInterval(start=e.starts_at, end=e.ends_at)
                )
                for e in busy
            ):
                continue
            add_event(
                Event(
                    attendees=people,
                    subject="Team prep",
                    starts_at=slot.start,
                    ends_at=slot.end,
                )
            )
            return
