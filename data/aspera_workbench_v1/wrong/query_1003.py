# Wrong: the series has no end, so it does not stop after eight sessions
def weekly_one_on_one_with_marisol():
    marisol = find_employee("Marisol")[0]
    start = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    add_event(
        Event(
            attendees=[marisol],
            subject="One-on-one",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY),
        )
    )


# Wrong: eight sessions, but every other week
def weekly_one_on_one_with_marisol():
    marisol = find_employee("Marisol")[0]
    start = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    add_event(
        Event(
            attendees=[marisol],
            subject="One-on-one",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, period=2, max_repetitions=8
            ),
        )
    )
