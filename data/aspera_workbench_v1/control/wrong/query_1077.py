# Wrong: ignores vacations, so Cosima is reported as free
def who_is_free_tomorrow_three_to_four(world) -> list:
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, datetime.time(15, 0))
    end = datetime.datetime.combine(tomorrow, datetime.time(16, 0))
    free = []
    for name in ["Aurelio", "Bronagh", "Cosima", "Darragh"]:
        person = next(p for p in world.employees if p["name"] == name)
        if not any(e["starts_at"] < end and start < e["ends_at"] for e in world.colleague_calendars[person["employee_id"]]):
            free.append(name)
    return free


# Wrong: counts meetings that only touch the hour (ending at 3 or starting at 4) as clashes
def who_is_free_tomorrow_three_to_four(world) -> list:
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, datetime.time(15, 0))
    end = datetime.datetime.combine(tomorrow, datetime.time(16, 0))
    free = []
    for name in ["Aurelio", "Bronagh", "Cosima", "Darragh"]:
        person = next(p for p in world.employees if p["name"] == name)
        if any(v["employee_id"] == person["employee_id"] for v in world.vacations):
            continue
        if not any(e["starts_at"] <= end and e["ends_at"] >= start for e in world.colleague_calendars[person["employee_id"]]):
            free.append(name)
    return free


# Wrong: looks at the user's own calendar for each colleague instead of theirs
def who_is_free_tomorrow_three_to_four(world) -> list:
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, datetime.time(15, 0))
    end = datetime.datetime.combine(tomorrow, datetime.time(16, 0))
    free = []
    for name in ["Aurelio", "Bronagh", "Cosima", "Darragh"]:
        person = next(p for p in world.employees if p["name"] == name)
        mine = [
            e
            for e in world.calendar
            if person["employee_id"] in (e["attendees"] or []) and e["starts_at"] < end and start < e["ends_at"]
        ]
        if not mine:
            free.append(name)
    return free
