# Wrong: starts the series tomorrow (this week's Wednesday) instead of next week
def weekly_sync_with_solveig_in_juniper():
    solveig = find_employee("Solveig")[0]
    start = combine(get_next_dow("Wednesday"), time_by_hm(3, 0, "pm"))
    add_event(
        Event(
            attendees=[solveig],
            subject="Weekly sync",
            location="Juniper",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=6
            ),
        )
    )


# Wrong: leaves the series open-ended instead of stopping after six weeks
def open_ended_sync_with_solveig():
    solveig = find_employee("Solveig")[0]
    start = combine(
        get_next_dow("Wednesday") + datetime.timedelta(days=7),
        time_by_hm(3, 0, "pm"),
    )
    add_event(
        Event(
            attendees=[solveig],
            subject="Weekly sync",
            location="Juniper",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
            repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY),
        )
    )


# Wrong: forgets to put the meeting in the Juniper room
def sync_with_solveig_without_room():
    solveig = find_employee("Solveig")[0]
    start = combine(
        get_next_dow("Wednesday") + datetime.timedelta(days=7),
        time_by_hm(3, 0, "pm"),
    )
    add_event(
        Event(
            attendees=[solveig],
            subject="Weekly sync",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=6
            ),
        )
    )
