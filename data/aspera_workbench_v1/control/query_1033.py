# Hey, [Assistant], is Tobiah away on holiday at any point next week?
def is_tobiah_away_next_week(world) -> bool:
    """Tell whether any of Tobiah's holidays overlaps next week (Monday to
    Sunday)."""
    import datetime

    people = {p["employee_id"] for p in world.employees if "tobiah" in p["name"].lower()}
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Tobiah. Who do you mean?")
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    return any(
        holiday["employee_id"] in people and holiday["start"].date() <= sunday and holiday["end"].date() >= monday
        for holiday in world.vacations
    )
