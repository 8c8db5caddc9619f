# Wrong: returns the name of the user's own assistant (the user is the COO)
def name_of_cfo_assistant() -> str:
    return get_assistant(get_current_user()).name


# Wrong: returns the CFO's name instead of the CFO's assistant's
def name_of_cfo_assistant() -> str:
    for person in get_all_employees():
        if get_employee_profile(person).role == "CFO":
            return person.name
    return ""
