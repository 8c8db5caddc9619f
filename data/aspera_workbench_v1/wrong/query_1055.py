# Wrong: shares with the three leaders instead of their assistants
def share_calendar_with_leadership_assistants():
    leaders = [
        p
        for p in get_all_employees()
        if get_employee_profile(p).role in ("CEO", "COO", "CFO")
    ]
    share_calendar(leaders)


# Wrong: shares only with the COO's assistant, whom the user already meets
def share_calendar_with_leadership_assistants():
    for person in get_all_employees():
        if get_employee_profile(person).role == "COO":
            share_calendar([get_assistant(person)])
