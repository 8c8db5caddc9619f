# Wrong: invites only the CFO, not the CFO's assistant
def budget_review_with_cfo_and_assistant():
    for person in get_all_employees():
        if get_employee_profile(person).role == "CFO":
            cfo = person
    start = combine(get_next_dow("Thursday"), time_by_hm(2, 0, "pm"))
    add_event(
        Event(
            attendees=[cfo],
            subject="Budget review",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
        )
    )


# Wrong: books Thursday of next week instead of this Thursday
def budget_review_with_cfo_and_assistant():
    for person in get_all_employees():
        if get_employee_profile(person).role == "CFO":
            cfo = person
    thursday = get_next_dow("Thursday") + datetime.timedelta(days=7)
    start = combine(thursday, time_by_hm(2, 0, "pm"))
    add_event(
        Event(
            attendees=[cfo, get_assistant(cfo)],
            subject="Budget review",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
        )
    )
