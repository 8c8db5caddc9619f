# Wrong: looks only at Corentin's calendar, ignoring the user's own meetings
def earliest_common_slot_with_corentin(world):
    import datetime

    corentin = next(p for p in world.employees if p["name"] == "Corentin")["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, world.work_day_start)
    busy = sorted(
        (e["starts_at"], e["ends_at"])
        for e in world.colleague_calendars[corentin]
        if e["repeats"] is None and e["starts_at"].date() == tomorrow
    )
    for start, end in busy + [(datetime.datetime.combine(tomorrow, world.work_day_end),) * 2]:
        if start - cursor >= datetime.timedelta(minutes=45):
            world.calendar.append(
                {"subject": "Meeting", "attendees": [corentin], "starts_at": cursor, "ends_at": cursor + datetime.timedelta(minutes=45)}
            )
            return
        cursor = max(cursor, end)


# Wrong: drops recurring occurrences from Corentin's calendar, missing his daily stand-up
def earliest_common_slot_with_corentin(world):
    import datetime

    corentin = next(p for p in world.employees if p["name"] == "Corentin")["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    cursor = datetime.datetime.combine(tomorrow, world.work_day_start)
    mine = [e for e in world.calendar if e["repeats"] is None]
    theirs = [e for e in world.colleague_calendars[corentin] if e["repeats"] is None and e["recurrent_event_id"] is None]
    busy = sorted((e["starts_at"], e["ends_at"]) for e in mine + theirs if e["starts_at"].date() == tomorrow)
    for start, end in busy + [(datetime.datetime.combine(tomorrow, world.work_day_end),) * 2]:
        if start - cursor >= datetime.timedelta(minutes=45):
            world.calendar.append(
                {"subject": "Meeting", "attendees": [corentin], "starts_at": cursor, "ends_at": cursor + datetime.timedelta(minutes=45)}
            )
            return
        cursor = max(cursor, end)
