# Wrong: one week from today instead of two
def check_in_with_cosmo_in_two_weeks():
    cosmo = find_employee("Cosmo")[0]
    day = now_().date() + datetime.timedelta(days=7)
    start = combine(day, time_by_hm(4, 0, "pm"))
    add_event(
        Event(
            attendees=[cosmo],
            subject="Check-in",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=20),
        )
    )


# Wrong: 4 AM instead of 4 PM
def check_in_with_cosmo_in_two_weeks():
    cosmo = find_employee("Cosmo")[0]
    day = now_().date() + datetime.timedelta(days=14)
    start = combine(day, time_by_hm(4, 0, "am"))
    add_event(
        Event(
            attendees=[cosmo],
            subject="Check-in",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=20),
        )
    )
