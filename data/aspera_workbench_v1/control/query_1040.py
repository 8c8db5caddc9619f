# Hey, [Assistant], book a 45-minute meeting with Corentin tomorrow at the earliest time during working hours when both of us are free.
def earliest_common_slot_with_corentin(world):
    """Find tomorrow's earliest 45-minute gap that is free in both the
    user's and Corentin's calendars, within working hours, and book a
    meeting with Corentin there."""
    import datetime

    people = [p for p in world.employees if "corentin" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Corentin. Who do you mean?")
    corentin = people[0]["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    day_start = datetime.datetime.combine(tomorrow, world.work_day_start)
    day_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    busy = sorted(
        (event["starts_at"], event["ends_at"])
        for event in world.calendar + world.colleague_calendars[corentin]
        if event["repeats"] is None
        and event["show_as_status"] != "free"
        and event["starts_at"] < day_end
        and event["ends_at"] > day_start
    )
    length = datetime.timedelta(minutes=45)
    cursor = day_start
    for start, end in busy + [(day_end, day_end)]:
        if start - cursor >= length:
            world.calendar.append(
                {
                    "subject": "Meeting with Corentin",
                    "attendees": [corentin],
                    "starts_at": cursor,
                    "ends_at": cursor + length,
                }
            )
            return
        cursor = max(cursor, end)
    raise world.RequiresUserInput("You and Corentin have no common 45-minute gap tomorrow.")
