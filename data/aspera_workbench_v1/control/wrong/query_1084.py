# Wrong: ignores Eudora's calendar and only looks at the user's free time and the rooms
def check_ins_with_eudora_next_week(world):
    import datetime

    eudora = next(p for p in world.employees if p["name"] == "Eudora")["employee_id"]
    length = datetime.timedelta(minutes=30)
    mine = [e for e in world.calendar if e["repeats"] is None]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for offset in range(5):
        day = monday + datetime.timedelta(days=offset)
        if any(e["starts_at"].date() == day and eudora in (e["attendees"] or []) for e in mine):
            continue
        start = datetime.datetime.combine(day, datetime.time(14, 0))
        while start + length <= datetime.datetime.combine(day, world.work_day_end):
            end = start + length
            if not any(e["starts_at"] < end and start < e["ends_at"] for e in mine):
                room = next(
                    (
                        r["room_name"]
                        for r in world.rooms
                        if not any(b["room_name"] == r["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings)
                    ),
                    None,
                )
                if room:
                    world.calendar.append({"attendees": [eudora], "location": room, "starts_at": start, "ends_at": end})
                    break
            start += datetime.timedelta(minutes=5)


# Wrong: finds the common time but books the first room without checking its bookings
def check_ins_with_eudora_next_week(world):
    import datetime

    eudora = next(p for p in world.employees if p["name"] == "Eudora")["employee_id"]
    length = datetime.timedelta(minutes=30)
    mine = [e for e in world.calendar if e["repeats"] is None]
    events = mine + [e for e in world.colleague_calendars[eudora] if e["repeats"] is None]
    room = world.rooms[0]["room_name"]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for offset in range(5):
        day = monday + datetime.timedelta(days=offset)
        if any(e["starts_at"].date() == day and eudora in (e["attendees"] or []) for e in mine):
            continue
        start = datetime.datetime.combine(day, datetime.time(14, 0))
        while start + length <= datetime.datetime.combine(day, world.work_day_end):
            end = start + length
            if not any(e["starts_at"] < end and start < e["ends_at"] for e in events):
                world.calendar.append({"attendees": [eudora], "location": room, "starts_at": start, "ends_at": end})
                break
            start += datetime.timedelta(minutes=5)


# Wrong: does not skip Monday, where a meeting with Eudora already exists
def check_ins_with_eudora_next_week(world):
    import datetime

    eudora = next(p for p in world.employees if p["name"] == "Eudora")["employee_id"]
    length = datetime.timedelta(minutes=30)
    events = [e for e in world.calendar + world.colleague_calendars[eudora] if e["repeats"] is None]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for offset in range(5):
        day = monday + datetime.timedelta(days=offset)
        start = datetime.datetime.combine(day, datetime.time(14, 0))
        while start + length <= datetime.datetime.combine(day, world.work_day_end):
            end = start + length
            if not any(e["starts_at"] < end and start < e["ends_at"] for e in events):
                room = next(
                    (
                        r["room_name"]
                        for r in world.rooms
                        if not any(b["room_name"] == r["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings)
                    ),
                    None,
                )
                if room:
                    world.calendar.append({"attendees": [eudora], "location": room, "starts_at": start, "ends_at": end})
                    break
            start += datetime.timedelta(minutes=5)
