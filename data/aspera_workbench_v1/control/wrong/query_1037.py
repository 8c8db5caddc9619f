# Wrong: invites only the CFO, not the CFO's assistant
def budget_review_with_cfo_and_assistant(world):
    import datetime

    cfo = next(p for p in world.employees if p["role"] == "CFO")
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=2), datetime.time(14, 0))
    world.calendar.append(
        {
            "subject": "Budget review",
            "attendees": [cfo["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=45),
        }
    )


# Wrong: books Thursday of next week instead of this Thursday
def budget_review_with_cfo_and_assistant(world):
    import datetime

    cfo = next(p for p in world.employees if p["role"] == "CFO")
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=9), datetime.time(14, 0))
    world.calendar.append(
        {
            "subject": "Budget review",
            "attendees": [cfo["employee_id"], cfo["assistant"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=45),
        }
    )
