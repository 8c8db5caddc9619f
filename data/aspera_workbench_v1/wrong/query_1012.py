# Wrong: a plain daily series, so weekends get a stand-up too
def daily_stand_up_with_my_team():
    team = find_team_of(get_current_user())
    start = combine(get_next_dow("Monday"), time_by_hm(9, 15, "am"))
    add_event(
        Event(
            attendees=team,
            subject="Stand-up",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=15),
            repeats=RepetitionSpec(
                frequency=EventFrequency.DAILY,
                recurs_until=date_by_mdy(month=8, day=31),
            ),
        )
    )


# Wrong: invites only the manager's reports, leaving the team's manager out
def daily_stand_up_with_my_team():
    manager = find_manager_of(get_current_user())
    team = [p for p in find_reports_of(manager) if p != get_current_user()]
    start = combine(get_next_dow("Monday"), time_by_hm(9, 15, "am"))
    add_event(
        Event(
            attendees=team,
            subject="Stand-up",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=15),
            repeats=RepetitionSpec(
                frequency=EventFrequency.DAILY,
                which_weekday=[0, 1, 2, 3, 4],
                recurs_until=date_by_mdy(month=8, day=31),
            ),
        )
    )


# Wrong: the series has no end date, so it stops after 23 meetings in July
def daily_stand_up_with_my_team():
    team = find_team_of(get_current_user())
    start = combine(get_next_dow("Monday"), time_by_hm(9, 15, "am"))
    add_event(
        Event(
            attendees=team,
            subject="Stand-up",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=15),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, which_weekday=[0, 1, 2, 3, 4]
            ),
        )
    )
