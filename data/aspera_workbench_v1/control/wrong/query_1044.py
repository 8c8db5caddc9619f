# Wrong: checks Evander's holidays but not his calendar
def planning_session_with_evander(world):
    import datetime

    evander = next(p for p in world.employees if p["name"] == "Evander")["employee_id"]
    holidays = [v for v in world.vacations if v["employee_id"] == evander]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for i in range(5):
        day = monday + datetime.timedelta(days=i)
        if any(v["start"].date() <= day <= v["end"].date() for v in holidays):
            continue
        start = datetime.datetime.combine(day, datetime.time(15, 0))
        world.calendar.append(
            {"subject": "Planning session", "attendees": [evander], "starts_at": start, "ends_at": start + datetime.timedelta(hours=1)}
        )
        return


# Wrong: counts a meeting that ends exactly at 3 PM as a clash
def planning_session_with_evander(world):
    import datetime

    evander = next(p for p in world.employees if p["name"] == "Evander")["employee_id"]
    holidays = [v for v in world.vacations if v["employee_id"] == evander]
    events = world.colleague_calendars[evander]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for i in range(5):
        day = monday + datetime.timedelta(days=i)
        if any(v["start"].date() <= day <= v["end"].date() for v in holidays):
            continue
        start = datetime.datetime.combine(day, datetime.time(15, 0))
        end = start + datetime.timedelta(hours=1)
        if any(e["starts_at"] <= end and e["ends_at"] >= start for e in events):
            continue
        world.calendar.append({"subject": "Planning session", "attendees": [evander], "starts_at": start, "ends_at": end})
        return
