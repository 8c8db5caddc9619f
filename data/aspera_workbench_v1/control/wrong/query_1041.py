# Wrong: answers for the first Tamsin found instead of asking which one
def is_tamsin_on_holiday_next_week(world) -> bool:
    import datetime

    tamsin = next(p for p in world.employees if "Tamsin" in p["name"])["employee_id"]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    sunday = monday + datetime.timedelta(days=6)
    return any(
        v["employee_id"] == tamsin and v["start"].date() <= sunday and v["end"].date() >= monday for v in world.vacations
    )


# Wrong: answers yes if any colleague called Tamsin is away, without asking
def is_tamsin_on_holiday_next_week(world) -> bool:
    import datetime

    ids = {p["employee_id"] for p in world.employees if "Tamsin" in p["name"]}
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    sunday = monday + datetime.timedelta(days=6)
    return any(
        v["employee_id"] in ids and v["start"].date() <= sunday and v["end"].date() >= monday for v in world.vacations
    )
