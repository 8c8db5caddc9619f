# Wrong: repeats on the 2nd of each month instead of the first Tuesday
def monthly_budget_review_with_leontine():
    leontine = find_employee("Leontine")[0]
    start = combine(date_by_mdy(month=7, day=2), time_by_hm(2, 0, "pm"))
    add_event(
        Event(
            attendees=[leontine],
            subject="Budget review",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
            repeats=RepetitionSpec(
                frequency=EventFrequency.MONTHLY, max_repetitions=6
            ),
        )
    )


# Wrong: repeats every four weeks, which drifts away from the first Tuesday
def monthly_budget_review_with_leontine():
    leontine = find_employee("Leontine")[0]
    start = combine(date_by_mdy(month=7, day=2), time_by_hm(2, 0, "pm"))
    add_event(
        Event(
            attendees=[leontine],
            subject="Budget review",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, period=4, max_repetitions=6
            ),
        )
    )
