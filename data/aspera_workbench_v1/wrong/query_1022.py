# Wrong: weekly instead of every other week
def fortnightly_mentoring_with_evander():
    evander = find_employee("Evander")[0]
    start = combine(get_next_dow("Wednesday"), time_by_hm(4, 0, "pm"))
    add_event(
        Event(
            attendees=[evander],
            subject="Mentoring",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY,
                recurs_until=date_by_mdy(month=9, day=30),
            ),
        )
    )


# Wrong: ends the series on 1 September, losing the September sessions
def fortnightly_mentoring_with_evander():
    evander = find_employee("Evander")[0]
    start = combine(get_next_dow("Wednesday"), time_by_hm(4, 0, "pm"))
    add_event(
        Event(
            attendees=[evander],
            subject="Mentoring",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY,
                period=2,
                recurs_until=date_by_mdy(month=9, day=1),
            ),
        )
    )


# Wrong: starts a week late, on Wednesday 3 July
def fortnightly_mentoring_with_evander():
    evander = find_employee("Evander")[0]
    start = combine(get_next_dow("Wednesday"), time_by_hm(4, 0, "pm"))
    start = start + datetime.timedelta(days=7)
    add_event(
        Event(
            attendees=[evander],
            subject="Mentoring",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY,
                period=2,
                recurs_until=date_by_mdy(month=9, day=30),
            ),
        )
    )
