# Hey, [Assistant], move my meeting with Anselm tomorrow to the earliest time from 2 PM onwards when Anselm's calendar is free, keeping its length.
def move_meeting_with_anselm(world):
    """Move tomorrow's meeting with Anselm to the first gap in Anselm's
    calendar, no earlier than 2 PM tomorrow, that fits the meeting."""
    import datetime

    people = [p for p in world.employees if "anselm" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Anselm. Who do you mean?")
    anselm = people[0]["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    mine = [
        event
        for event in world.calendar
        if event["repeats"] is None and event["attendees"] == [anselm] and event["starts_at"].date() == tomorrow
    ]
    if len(mine) != 1:
        raise world.RequiresUserInput("I could not single out one meeting with Anselm tomorrow. Which one?")
    meeting = mine[0]
    length = meeting["ends_at"] - meeting["starts_at"]
    cursor = datetime.datetime.combine(tomorrow, datetime.time(14, 0))
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    his_day = sorted(
        (event["starts_at"], event["ends_at"])
        for event in world.colleague_calendars[anselm]
        if event["repeats"] is None
        and event["show_as_status"] != "free"
        and event["starts_at"] < day_end
        and event["ends_at"] > cursor
    )
    for start, end in his_day + [(day_end, day_end)]:
        if start - cursor >= length:
            meeting["starts_at"] = cursor
            meeting["ends_at"] = cursor + length
            return
        cursor = max(cursor, end)
    raise world.RequiresUserInput("Anselm has no gap long enough after 2 PM tomorrow.")
