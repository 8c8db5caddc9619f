# Hey, [Assistant], what is the first weekday next month when neither my manager nor Verity is on holiday?
def first_day_next_month_both_in(world):
    """Return the first Monday-to-Friday date of next month on which neither
    the user's manager nor Verity has a holiday."""
    import datetime

    manager = next(p for p in world.employees if p["employee_id"] == world.user_id)["manager"]
    people = [p for p in world.employees if "verity" in p["name"].lower()]
    if manager is None or len(people) != 1:
        raise world.RequiresUserInput("I could not identify both your manager and Verity.")
    who = {manager, people[0]["employee_id"]}
    holidays = [v for v in world.vacations if v["employee_id"] in who]
    today = world.now.date()
    day = datetime.date(today.year + today.month // 12, today.month % 12 + 1, 1)
    month = day.month
    while day.month == month:
        if day.weekday() < 5 and not any(v["start"].date() <= day <= v["end"].date() for v in holidays):
            return day
        day += datetime.timedelta(days=1)
    raise world.RequiresUserInput("One of them is away on every weekday next month.")
