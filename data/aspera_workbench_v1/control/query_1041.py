# Hey, [Assistant], is Tamsin on holiday at any point next week?
def is_tamsin_on_holiday_next_week(world) -> bool:
    """Tell whether Tamsin has a holiday overlapping next week, asking the
    user first if the name does not single out one colleague."""
    import datetime

    candidates = [p for p in world.employees if "tamsin" in p["name"].lower()]
    if len(candidates) != 1:
        raise world.RequiresUserInput(
            "I found more than one colleague called Tamsin, or none at all. Which Tamsin do you mean?"
        )
    tamsin = candidates[0]["employee_id"]
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    return any(
        holiday["employee_id"] == tamsin and holiday["start"].date() <= sunday and holiday["end"].date() >= monday
        for holiday in world.vacations
    )
