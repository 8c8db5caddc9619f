# Correct: lists the user beside each report and books the reports in reverse order
def one_to_ones_with_reports_next_monday():
    import datetime

    me = get_current_user()
    reports = list(reversed(find_reports_of(me)))
    start = datetime.datetime.combine(get_next_dow("Monday"), datetime.time(10, 0))
    for number, report in enumerate(reports):
        begins = start + datetime.timedelta(minutes=30 * number)
        add_event(
            Event(
                attendees=[me, report],
                subject="1:1",
                starts_at=begins,
                ends_at=begins + datetime.timedelta(minutes=30),
            )
        )


# Wrong: one group meeting with every report instead of one-to-ones
def one_to_ones_with_reports_next_monday():
    import datetime

    me = get_current_user()
    start = datetime.datetime.combine(get_next_dow("Monday"), datetime.time(10, 0))
    add_event(
        Event(
            attendees=[me] + find_reports_of(me),
            subject="One-to-ones",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )


# Wrong: the user alone in one of the slots instead of a report
def one_to_ones_with_reports_next_monday():
    import datetime

    me = get_current_user()
    reports = find_reports_of(me)
    start = datetime.datetime.combine(get_next_dow("Monday"), datetime.time(10, 0))
    for number, report in enumerate(reports):
        begins = start + datetime.timedelta(minutes=30 * number)
        people = [me] if number == 0 else [me, report]
        add_event(Event(attendees=people, subject="1:1", starts_at=begins, ends_at=begins + datetime.timedelta(minutes=30)))
