# Hey, [Assistant], put a 45-minute budget review with the CFO and the CFO's assistant in my calendar for this Thursday at 2 PM.
def budget_review_with_cfo_and_assistant(world):
    """Book a 45-minute budget review this Thursday at 2 PM with the CFO and
    the CFO's assistant."""
    import datetime

    cfos = [person for person in world.employees if person["role"] == "CFO"]
    if len(cfos) != 1:
        raise world.RequiresUserInput("I could not find the CFO in the directory.")
    cfo = cfos[0]
    attendees = [cfo["employee_id"]] if cfo["assistant"] is None else [cfo["employee_id"], cfo["assistant"]]
    today = world.now.date()
    thursday = today + datetime.timedelta(days=(3 - today.weekday()) % 7)
    starts_at = datetime.datetime.combine(thursday, datetime.time(14, 0))
    world.calendar.append(
        {
            "subject": "Budget review",
            "attendees": attendees,
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=45),
        }
    )
