# Wrong: only looks at the user's calendar and books 11:00 while Wolfram is busy
def meet_wolfram_thursday_first_common_slot(world):
    import datetime

    wolfram = next(p for p in world.employees if p["name"] == "Wolfram")["employee_id"]
    thursday = world.now.date() + datetime.timedelta(days=2)
    cursor = datetime.datetime.combine(thursday, world.work_day_start)
    busy = sorted((e["starts_at"], e["ends_at"]) for e in world.calendar if e["repeats"] is None and e["starts_at"].date() == thursday)
    for start, end in busy + [(datetime.datetime.combine(thursday, world.work_day_end),) * 2]:
        if start - cursor >= datetime.timedelta(minutes=30):
            world.calendar.append({"attendees": [wolfram], "starts_at": cursor, "ends_at": cursor + datetime.timedelta(minutes=30)})
            return
        cursor = max(cursor, end)


# Wrong: finds the right slot but gives the meeting the 16-minute default length
def meet_wolfram_thursday_first_common_slot(world):
    import datetime

    wolfram = next(p for p in world.employees if p["name"] == "Wolfram")["employee_id"]
    thursday = world.now.date() + datetime.timedelta(days=2)
    cursor = datetime.datetime.combine(thursday, world.work_day_start)
    events = world.calendar + world.colleague_calendars[wolfram]
    busy = sorted((e["starts_at"], e["ends_at"]) for e in events if e["repeats"] is None and e["starts_at"].date() == thursday)
    for start, end in busy + [(datetime.datetime.combine(thursday, world.work_day_end),) * 2]:
        if start - cursor >= datetime.timedelta(minutes=30):
            world.calendar.append({"attendees": [wolfram], "starts_at": cursor, "ends_at": cursor + datetime.timedelta(minutes=16)})
            return
        cursor = max(cursor, end)


# Wrong: takes the first common gap whatever its length
def meet_wolfram_thursday_first_common_slot(world):
    import datetime

    wolfram = next(p for p in world.employees if p["name"] == "Wolfram")["employee_id"]
    thursday = world.now.date() + datetime.timedelta(days=2)
    cursor = datetime.datetime.combine(thursday, world.work_day_start)
    events = world.calendar + world.colleague_calendars[wolfram]
    busy = sorted((e["starts_at"], e["ends_at"]) for e in events if e["repeats"] is None and e["starts_at"].date() == thursday)
    for start, end in busy:
        if start > cursor:
            break
        cursor = max(cursor, end)
    world.calendar.append({"attendees": [wolfram], "starts_at": cursor, "ends_at": cursor + datetime.timedelta(minutes=30)})
