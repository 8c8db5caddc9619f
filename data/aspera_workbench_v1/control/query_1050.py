# Hey, [Assistant], how many minutes of meetings does Marisol have in her calendar this Thursday?
def marisol_meeting_minutes_thursday(world) -> int:
    """Add up the length, in minutes, of the events in Marisol's calendar on
    this Thursday."""
    import datetime

    people = [p for p in world.employees if "marisol" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Marisol. Who do you mean?")
    today = world.now.date()
    thursday = today + datetime.timedelta(days=(3 - today.weekday()) % 7)
    total = datetime.timedelta(0)
    # series entries only describe their rule; their occurrences are listed one by one
    for event in world.colleague_calendars[people[0]["employee_id"]]:
        if event["repeats"] is None and event["starts_at"].date() == thursday:
            total += event["ends_at"] - event["starts_at"]
    return int(total.total_seconds() // 60)
