# Wrong: moves the meeting to 2 PM without checking Anselm's calendar
def move_meeting_with_anselm(world):
    import datetime

    anselm = next(p for p in world.employees if p["name"] == "Anselm")["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    meeting = next(e for e in world.calendar if e["attendees"] == [anselm] and e["starts_at"].date() == tomorrow)
    length = meeting["ends_at"] - meeting["starts_at"]
    meeting["starts_at"] = datetime.datetime.combine(tomorrow, datetime.time(14, 0))
    meeting["ends_at"] = meeting["starts_at"] + length


# Wrong: adds a copy at the new time but leaves the original meeting in place
def move_meeting_with_anselm(world):
    import datetime

    anselm = next(p for p in world.employees if p["name"] == "Anselm")["employee_id"]
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    meeting = next(e for e in world.calendar if e["attendees"] == [anselm] and e["starts_at"].date() == tomorrow)
    length = meeting["ends_at"] - meeting["starts_at"]
    cursor = datetime.datetime.combine(tomorrow, datetime.time(14, 0))
    busy = sorted((e["starts_at"], e["ends_at"]) for e in world.colleague_calendars[anselm] if e["starts_at"].date() == tomorrow)
    for start, end in busy + [(datetime.datetime.combine(tomorrow, world.work_day_end),) * 2]:
        if start - cursor >= length:
            world.calendar.append(
                {"subject": meeting["subject"], "attendees": meeting["attendees"], "starts_at": cursor, "ends_at": cursor + length}
            )
            return
        cursor = max(cursor, end)
