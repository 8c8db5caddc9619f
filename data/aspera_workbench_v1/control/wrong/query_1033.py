# Wrong: checks this week instead of next week
def is_tobiah_away_next_week(world) -> bool:
    import datetime

    tobiah = next(p for p in world.employees if p["name"] == "Tobiah")["employee_id"]
    monday = world.now.date() - datetime.timedelta(days=world.now.weekday())
    sunday = monday + datetime.timedelta(days=6)
    return any(
        v["employee_id"] == tobiah and v["start"].date() <= sunday and v["end"].date() >= monday for v in world.vacations
    )


# Wrong: answers yes as soon as Tobiah has any holiday on record
def is_tobiah_away_next_week(world) -> bool:
    tobiah = next(p for p in world.employees if p["name"] == "Tobiah")["employee_id"]
    return any(v["employee_id"] == tobiah for v in world.vacations)
