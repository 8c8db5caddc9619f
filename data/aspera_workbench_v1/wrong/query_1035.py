# Wrong: books every one-to-one at 10 AM instead of back to back
def one_to_ones_with_reports_next_monday():
    start = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    for report in find_reports_of(get_current_user()):
        add_event(
            Event(
                attendees=[report],
                subject="One-to-one",
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=30),
            )
        )


# Wrong: meets the whole team (manager and peers included) instead of the direct reports
def one_to_ones_with_reports_next_monday():
    start = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    for colleague in find_team_of(get_current_user()):
        add_event(
            Event(
                attendees=[colleague],
                subject="One-to-one",
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=30),
            )
        )
        start = start + datetime.timedelta(minutes=30)
