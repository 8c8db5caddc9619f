# Wrong: only counts holidays that start during next week, missing Verity
def sales_marketing_on_holiday_next_week(world) -> list:
    import datetime

    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    sunday = monday + datetime.timedelta(days=6)
    by_id = {p["employee_id"]: p for p in world.employees}
    return sorted(
        {
            by_id[v["employee_id"]]["name"]
            for v in world.vacations
            if by_id[v["employee_id"]]["team"] == "salesmarketing" and monday <= v["start"].date() <= sunday
        }
    )


# Wrong: lists everyone in the company who is off next week, not only Sales and Marketing
def sales_marketing_on_holiday_next_week(world) -> list:
    import datetime

    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    sunday = monday + datetime.timedelta(days=6)
    by_id = {p["employee_id"]: p for p in world.employees}
    return sorted(
        {by_id[v["employee_id"]]["name"] for v in world.vacations if v["start"].date() <= sunday and v["end"].date() >= monday}
    )
