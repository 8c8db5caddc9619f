# Hey, [Assistant], set up a 30-minute skip-level meeting with my manager's manager on Wednesday next week at 11 AM.
def skip_level_with_managers_manager(world):
    """Book a 30-minute meeting with the manager of the user's manager at
    11 AM on the Wednesday of next week."""
    import datetime

    by_id = {person["employee_id"]: person for person in world.employees}
    manager = by_id[world.user_id]["manager"]
    skip_level = by_id[manager]["manager"] if manager is not None else None
    if skip_level is None:
        raise world.RequiresUserInput("Your manager has no manager in the directory.")
    today = world.now.date()
    wednesday = today + datetime.timedelta(days=7 - today.weekday() + 2)
    starts_at = datetime.datetime.combine(wednesday, datetime.time(11, 0))
    world.calendar.append(
        {
            "subject": "Skip-level meeting",
            "attendees": [skip_level],
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=30),
        }
    )
