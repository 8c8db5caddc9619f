# Hey, [Assistant], schedule a 30-minute meeting with Wolfram on Thursday at the first time we're both free.
def meet_wolfram_thursday_first_common_slot(world):
    """Add a 30-minute meeting with Wolfram on Thursday at the start of the
    first gap that is free in both calendars and long enough."""
    import datetime

    people = [p for p in world.employees if "wolfram" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Wolfram. Who do you mean?")
    wolfram = people[0]["employee_id"]
    today = world.now.date()
    thursday = today + datetime.timedelta(days=(3 - today.weekday()) % 7)
    cursor = datetime.datetime.combine(thursday, world.work_day_start)
    day_end = datetime.datetime.combine(thursday, world.work_day_end)
    busy = sorted(
        (e["starts_at"], e["ends_at"])
        for e in world.calendar + world.colleague_calendars[wolfram]
        if e["repeats"] is None and e["show_as_status"] != "free" and e["starts_at"] < day_end and e["ends_at"] > cursor
    )
    length = datetime.timedelta(minutes=30)
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= length:
            world.calendar.append(
                {"subject": "Meeting with Wolfram", "attendees": [wolfram], "starts_at": cursor, "ends_at": cursor + length}
            )
            return
        cursor = max(cursor, end)
    raise world.RequiresUserInput("You and Wolfram have no common free half hour.")
