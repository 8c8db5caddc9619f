# Correct: six single events, the user listed among the reports
def weekly_staff_meeting_with_reports():
    import datetime

    me = get_current_user()
    first = datetime.datetime.combine(get_next_dow("Monday") + datetime.timedelta(days=1), datetime.time(14, 0))
    for week in range(6):
        start = first + datetime.timedelta(weeks=week)
        add_event(
            Event(
                attendees=[me] + find_reports_of(me),
                subject="Staff meeting",
                starts_at=start,
                ends_at=start + datetime.timedelta(hours=1),
            )
        )


# Correct: one weekly series of six, the user listed
def weekly_staff_meeting_with_reports():
    import datetime

    me = get_current_user()
    first = datetime.datetime.combine(get_next_dow("Monday") + datetime.timedelta(days=1), datetime.time(14, 0))
    add_event(
        Event(
            attendees=find_reports_of(me) + [me],
            subject="Staff meeting",
            starts_at=first,
            ends_at=first + datetime.timedelta(hours=1),
            repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=6),
        )
    )


# Wrong: runs for five weeks
def weekly_staff_meeting_with_reports():
    import datetime

    me = get_current_user()
    first = datetime.datetime.combine(get_next_dow("Monday") + datetime.timedelta(days=1), datetime.time(14, 0))
    for week in range(5):
        start = first + datetime.timedelta(weeks=week)
        add_event(
            Event(attendees=find_reports_of(me), subject="Staff", starts_at=start, ends_at=start + datetime.timedelta(hours=1))
        )
