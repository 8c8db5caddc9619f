# Wrong: books the Friday catch-up without checking for an existing one
def ensure_catch_up_with_cordelia(world):
    import datetime

    cordelia = next(p for p in world.employees if p["name"] == "Cordelia")
    friday = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    start = datetime.datetime.combine(friday, datetime.time(11, 0))
    world.calendar.append(
        {
            "subject": "Catch-up",
            "attendees": [cordelia["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=30),
        }
    )


# Wrong: treats any meeting with Cordelia this week as a catch-up
def ensure_catch_up_with_cordelia(world):
    import datetime

    cordelia = next(p for p in world.employees if p["name"] == "Cordelia")
    monday = world.now.date() - datetime.timedelta(days=world.now.weekday())
    week = [monday + datetime.timedelta(days=i) for i in range(7)]
    if [
        e
        for e in world.calendar
        if e["attendees"] == [cordelia["employee_id"]] and e["starts_at"] >= world.now and e["starts_at"].date() in week
    ]:
        return
    start = datetime.datetime.combine(monday + datetime.timedelta(days=4), datetime.time(11, 0))
    world.calendar.append(
        {
            "subject": "Catch-up",
            "attendees": [cordelia["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=30),
        }
    )


# Wrong: counts the catch-up planned next week as one this week
def ensure_catch_up_with_cordelia(world):
    import datetime

    cordelia = next(p for p in world.employees if p["name"] == "Cordelia")
    if [
        e
        for e in world.calendar
        if e["attendees"] == [cordelia["employee_id"]] and e["starts_at"] >= world.now and "catch-up" in e["subject"].lower()
    ]:
        return
    friday = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    start = datetime.datetime.combine(friday, datetime.time(11, 0))
    world.calendar.append(
        {
            "subject": "Catch-up",
            "attendees": [cordelia["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=30),
        }
    )
