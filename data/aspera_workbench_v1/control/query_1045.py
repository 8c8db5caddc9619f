# Hey, [Assistant], how many minutes of meetings with my manager do I still have this week?
def minutes_with_manager_rest_of_week(world) -> int:
    """Add up the length, in minutes, of the upcoming meetings this week
    (until Sunday) that the user's manager attends."""
    import datetime

    manager = next(p for p in world.employees if p["employee_id"] == world.user_id)["manager"]
    if manager is None:
        raise world.RequiresUserInput("You have no manager in the directory.")
    today = world.now.date()
    sunday = today + datetime.timedelta(days=6 - today.weekday())
    total = datetime.timedelta(0)
    for event in world.calendar:
        if event["repeats"] is not None or event["starts_at"] < world.now:
            continue
        if event["starts_at"].date() <= sunday and manager in (event["attendees"] or []):
            total += event["ends_at"] - event["starts_at"]
    return int(total.total_seconds() // 60)
