# Wrong: moves the meeting to the Monday of this week (already past) instead of the coming Monday
def move_or_create_meeting_with_hesper(world):
    import datetime

    hesper = next(p for p in world.employees if p["name"] == "Hesper")["employee_id"]
    friday = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    for event in world.calendar:
        if event["attendees"] == [hesper] and event["starts_at"].date() == friday:
            event["starts_at"] -= datetime.timedelta(days=4)
            event["ends_at"] -= datetime.timedelta(days=4)
            return
    start = datetime.datetime.combine(friday, datetime.time(10, 0))
    world.calendar.append({"attendees": [hesper], "starts_at": start, "ends_at": start + datetime.timedelta(minutes=30)})


# Wrong: ignores the condition and always creates the Friday 10 AM meeting
def move_or_create_meeting_with_hesper(world):
    import datetime

    hesper = next(p for p in world.employees if p["name"] == "Hesper")["employee_id"]
    friday = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    start = datetime.datetime.combine(friday, datetime.time(10, 0))
    world.calendar.append(
        {"subject": "Meeting with Hesper", "attendees": [hesper], "starts_at": start, "ends_at": start + datetime.timedelta(minutes=30)}
    )


# Wrong: looks at the next meeting with Hesper whatever its day, so Thursday's meeting is moved
def move_or_create_meeting_with_hesper(world):
    import datetime

    hesper = next(p for p in world.employees if p["name"] == "Hesper")["employee_id"]
    upcoming = sorted(
        (e for e in world.calendar if e["attendees"] == [hesper] and e["starts_at"] >= world.now), key=lambda e: e["starts_at"]
    )
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    if upcoming:
        event = upcoming[0]
        shift = datetime.timedelta(days=(monday - event["starts_at"].date()).days)
        event["starts_at"] += shift
        event["ends_at"] += shift
        return
    friday = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    start = datetime.datetime.combine(friday, datetime.time(10, 0))
    world.calendar.append({"attendees": [hesper], "starts_at": start, "ends_at": start + datetime.timedelta(minutes=30)})
