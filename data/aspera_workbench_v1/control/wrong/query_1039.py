# Wrong: ignores holidays, so Eulalia is reported as free
def teammates_free_tomorrow_two_to_three(world) -> list:
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, datetime.time(14, 0))
    end = datetime.datetime.combine(tomorrow, datetime.time(15, 0))
    return [
        p["name"]
        for p in world.employees
        if p["team"] == me["team"]
        and p is not me
        and not any(e["starts_at"] < end and start < e["ends_at"] for e in world.colleague_calendars[p["employee_id"]])
    ]


# Wrong: treats meetings that only touch 2 PM or 3 PM as clashes, so Benedikt is left out
def teammates_free_tomorrow_two_to_three(world) -> list:
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, datetime.time(14, 0))
    end = datetime.datetime.combine(tomorrow, datetime.time(15, 0))
    free = []
    for p in world.employees:
        if p["team"] != me["team"] or p is me:
            continue
        away = any(
            v["employee_id"] == p["employee_id"] and v["start"].date() <= tomorrow <= v["end"].date()
            for v in world.vacations
        )
        busy = any(e["starts_at"] <= end and e["ends_at"] >= start for e in world.colleague_calendars[p["employee_id"]])
        if not away and not busy:
            free.append(p["name"])
    return free
