# Wrong: checks only the manager's holidays and forgets Verity
def first_day_next_month_both_in(world):
    import datetime

    manager = next(p for p in world.employees if p["is_user"])["manager"]
    holidays = [v for v in world.vacations if v["employee_id"] == manager]
    day = datetime.date(2024, 7, 1)
    while day.weekday() > 4 or any(v["start"].date() <= day <= v["end"].date() for v in holidays):
        day += datetime.timedelta(days=1)
    return day


# Wrong: treats a day as blocked only when a holiday starts on it
def first_day_next_month_both_in(world):
    import datetime

    manager = next(p for p in world.employees if p["is_user"])["manager"]
    verity = next(p for p in world.employees if p["name"] == "Verity")["employee_id"]
    starts = [v["start"].date() for v in world.vacations if v["employee_id"] in (manager, verity)]
    day = datetime.date(2024, 7, 1)
    while day.weekday() > 4 or day in starts:
        day += datetime.timedelta(days=1)
    return day
