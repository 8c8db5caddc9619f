# Hey, [Assistant], who in the Sales and Marketing team is on holiday at some point next week? Give me their names.
def sales_marketing_on_holiday_next_week(world) -> list:
    """Return the names of Sales & Marketing employees with a holiday that
    overlaps next week (Monday to Sunday)."""
    import datetime

    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    away = []
    for person in world.employees:
        if person["team"] != "salesmarketing":
            continue
        if any(
            v["employee_id"] == person["employee_id"] and v["start"].date() <= sunday and v["end"].date() >= monday
            for v in world.vacations
        ):
            away.append(person["name"])
    return away
