# Wrong: moves everything to Friday without checking for clashes
def move_thursday_meetings_next_week(world):
    import datetime

    thursday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday() + 3)
    for meeting in world.calendar:
        if meeting["repeats"] is None and meeting["starts_at"].date() == thursday:
            meeting["starts_at"] += datetime.timedelta(days=1)
            meeting["ends_at"] += datetime.timedelta(days=1)


# Wrong: sends a clashing meeting to the Monday before (1 July) instead of the one after
def move_thursday_meetings_next_week(world):
    import datetime

    thursday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday() + 3)
    events = [e for e in world.calendar if e["repeats"] is None]
    for meeting in [e for e in events if e["starts_at"].date() == thursday]:
        start = meeting["starts_at"] + datetime.timedelta(days=1)
        end = meeting["ends_at"] + datetime.timedelta(days=1)
        if [e for e in events if e["starts_at"] < end and e["ends_at"] > start]:
            start = meeting["starts_at"] - datetime.timedelta(days=3)
            end = meeting["ends_at"] - datetime.timedelta(days=3)
        meeting["starts_at"], meeting["ends_at"] = start, end


# Wrong: re-creates the meetings on the new days but keeps the Thursday ones
def move_thursday_meetings_next_week(world):
    import datetime

    thursday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday() + 3)
    events = [e for e in world.calendar if e["repeats"] is None]
    for meeting in [e for e in events if e["starts_at"].date() == thursday]:
        start = meeting["starts_at"] + datetime.timedelta(days=1)
        end = meeting["ends_at"] + datetime.timedelta(days=1)
        if [e for e in events if e["starts_at"] < end and e["ends_at"] > start]:
            start += datetime.timedelta(days=3)
            end += datetime.timedelta(days=3)
        world.calendar.append(
            {"subject": meeting["subject"], "attendees": meeting["attendees"], "starts_at": start, "ends_at": end}
        )
