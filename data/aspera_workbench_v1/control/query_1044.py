# Hey, [Assistant], book a 1-hour planning session with Evander from 3 to 4 PM on the first weekday next week when he isn't on holiday and his calendar is free at that time.
def planning_session_with_evander(world):
    """Book 15:00-16:00 with Evander on the first weekday of next week on
    which he is not on holiday and has nothing in his calendar at that
    time."""
    import datetime

    people = [p for p in world.employees if "evander" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Evander. Who do you mean?")
    evander = people[0]["employee_id"]
    holidays = [v for v in world.vacations if v["employee_id"] == evander]
    his_events = [
        e for e in world.colleague_calendars[evander] if e["repeats"] is None and e["show_as_status"] != "free"
    ]
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    for offset in range(5):
        start = datetime.datetime.combine(monday + datetime.timedelta(days=offset), datetime.time(15, 0))
        end = start + datetime.timedelta(hours=1)
        # a meeting that ends at 3 PM or starts at 4 PM does not block the slot
        if any(v["start"] < end and start < v["end"] for v in holidays):
            continue
        if any(e["starts_at"] < end and start < e["ends_at"] for e in his_events):
            continue
        world.calendar.append(
            {"subject": "Planning session", "attendees": [evander], "starts_at": start, "ends_at": end}
        )
        return
    raise world.RequiresUserInput("Evander is away or busy from 3 to 4 PM on every weekday next week.")
