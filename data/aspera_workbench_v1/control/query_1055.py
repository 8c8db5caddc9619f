# Hey, [Assistant], share my calendar with the assistants of the CEO, the COO and the CFO.
def share_calendar_with_leadership_assistants(world):
    """Share the user's calendar with the assistants of the three leaders."""
    assistants = [
        person["assistant"]
        for person in world.employees
        if person["role"] in ("CEO", "COO", "CFO") and person["assistant"] is not None
    ]
    if len(assistants) != 3:
        raise world.RequiresUserInput("I could not find all three leadership assistants.")
    for employee_id in assistants:
        if employee_id not in world.calendar_shared_with:
            world.calendar_shared_with.append(employee_id)
