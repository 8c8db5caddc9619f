# Wrong: books the check-in with the CFO's assistant instead of asking
def check_in_with_my_assistant(world):
    import datetime

    cfo = next(p for p in world.employees if p["role"] == "CFO")
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(9, 30))
    world.calendar.append(
        {
            "subject": "Check-in",
            "attendees": [cfo["assistant"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=20),
        }
    )


# Wrong: books the check-in with the user's manager, then asks anyway
def check_in_with_my_assistant(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(9, 30))
    world.calendar.append(
        {
            "subject": "Check-in",
            "attendees": [me["manager"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=20),
        }
    )
    raise world.RequiresUserInput("I booked it with your manager; is that right?")
