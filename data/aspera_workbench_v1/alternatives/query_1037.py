# Correct: finds the CFO through the COO's peers in the directory profiles and lists the user too
def budget_review_with_cfo_and_assistant():
    import datetime

    cfo = next(p for p in get_all_employees() if get_employee_profile(p).role == "CFO")
    helper = get_assistant(cfo)
    thursday = get_next_dow("Thursday")
    start = datetime.datetime.combine(thursday, datetime.time(14, 0))
    add_event(
        Event(
            attendees=[get_current_user(), helper, cfo],
            subject="Budget review",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
        )
    )


# Wrong: the user and the CFO only, the assistant left out
def budget_review_with_cfo_and_assistant():
    import datetime

    cfo = next(p for p in get_all_employees() if get_employee_profile(p).role == "CFO")
    start = datetime.datetime.combine(get_next_dow("Thursday"), datetime.time(14, 0))
    add_event(
        Event(
            attendees=[get_current_user(), cfo],
            subject="Budget review",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
        )
    )
