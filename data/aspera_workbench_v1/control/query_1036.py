# Hey, [Assistant], book a 20-minute check-in with my assistant tomorrow at 9:30 AM.
def check_in_with_my_assistant(world):
    """Book a 20-minute check-in with the user's assistant tomorrow at
    9:30 AM, or ask the user when they have no assistant."""
    import datetime

    me = next(p for p in world.employees if p["employee_id"] == world.user_id)
    # only the CEO, the COO and the CFO have assistants
    if me["assistant"] is None:
        raise world.RequiresUserInput(
            "You don't have an assistant in the company directory. Who should I book the check-in with?"
        )
    starts_at = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(9, 30))
    world.calendar.append(
        {
            "subject": "Check-in",
            "attendees": [me["assistant"]],
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=20),
        }
    )
