# Wrong: starts the series today instead of next week
def weekly_staff_meeting_with_reports():
    reports = find_reports_of(get_current_user())
    start = combine(now_().date(), time_by_hm(2, 0, "pm"))
    add_event(
        Event(
            attendees=reports,
            subject="Staff meeting",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=6
            ),
        )
    )


# Wrong: ends the series six weeks after the first meeting, giving seven meetings
def weekly_staff_meeting_with_reports():
    reports = find_reports_of(get_current_user())
    first = get_next_dow("Tuesday")
    start = combine(first, time_by_hm(2, 0, "pm"))
    add_event(
        Event(
            attendees=reports,
            subject="Staff meeting",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY,
                recurs_until=first + datetime.timedelta(weeks=6),
            ),
        )
    )
