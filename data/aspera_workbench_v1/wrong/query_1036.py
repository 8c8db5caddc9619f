# Wrong: books the check-in with the CFO's assistant instead of asking
def check_in_with_my_assistant():
    for person in get_all_employees():
        if get_employee_profile(person).role == "CFO":
            assistant = get_assistant(person)
    start = combine(
        parse_date_string(DateExpressions["Tomorrow"]), time_by_hm(9, 30, "am")
    )
    add_event(
        Event(
            attendees=[assistant],
            subject="Check-in",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=20),
        )
    )


# Wrong: books the check-in with the user's manager, then asks anyway
def check_in_with_my_assistant():
    manager = find_manager_of(get_current_user())
    start = combine(
        parse_date_string(DateExpressions["Tomorrow"]), time_by_hm(9, 30, "am")
    )
    add_event(
        Event(
            attendees=[manager],
            subject="Check-in",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=20),
        )
    )
    raise RequiresUserInput("I booked it with your manager; is that right?")
