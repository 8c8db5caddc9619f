# Wrong: ignores room capacity, so the two-seat Onyx room is taken tomorrow at 10
def meet_jolyon_and_keturah_in_a_room(world):
    import datetime

    guests = [p["employee_id"] for p in world.employees if p["name"] in ("Jolyon", "Keturah")]
    hour = datetime.timedelta(hours=1)
    events = [e for e in world.calendar + [x for g in guests for x in world.colleague_calendars[g]] if e["repeats"] is None]
    for offset in range(4):
        day = world.now.date() + datetime.timedelta(days=offset)
        start = max(datetime.datetime.combine(day, world.work_day_start), world.now)
        while start + hour <= datetime.datetime.combine(day, world.work_day_end):
            end = start + hour
            if not any(e["starts_at"] < end and start < e["ends_at"] for e in events):
                for room in world.rooms:
                    if not any(b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings):
                        world.calendar.append({"attendees": guests, "location": room["room_name"], "starts_at": start, "ends_at": end})
                        return
            start += datetime.timedelta(minutes=5)


# Wrong: checks only the user's and Jolyon's calendars, not Keturah's
def meet_jolyon_and_keturah_in_a_room(world):
    import datetime

    guests = [p["employee_id"] for p in world.employees if p["name"] in ("Jolyon", "Keturah")]
    jolyon = next(p for p in world.employees if p["name"] == "Jolyon")["employee_id"]
    hour = datetime.timedelta(hours=1)
    events = [e for e in world.calendar + world.colleague_calendars[jolyon] if e["repeats"] is None]
    for offset in range(4):
        day = world.now.date() + datetime.timedelta(days=offset)
        start = max(datetime.datetime.combine(day, world.work_day_start), world.now)
        while start + hour <= datetime.datetime.combine(day, world.work_day_end):
            end = start + hour
            if not any(e["starts_at"] < end and start < e["ends_at"] for e in events):
                for room in world.rooms:
                    if room["capacity"] >= 3 and not any(
                        b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings
                    ):
                        world.calendar.append({"attendees": guests, "location": room["room_name"], "starts_at": start, "ends_at": end})
                        return
            start += datetime.timedelta(minutes=5)


# Wrong: finds the common hour but books the first big-enough room without checking its bookings
def meet_jolyon_and_keturah_in_a_room(world):
    import datetime

    guests = [p["employee_id"] for p in world.employees if p["name"] in ("Jolyon", "Keturah")]
    hour = datetime.timedelta(hours=1)
    events = [e for e in world.calendar + [x for g in guests for x in world.colleague_calendars[g]] if e["repeats"] is None]
    room = next(r for r in world.rooms if r["capacity"] >= 3)
    for offset in range(4):
        day = world.now.date() + datetime.timedelta(days=offset)
        start = max(datetime.datetime.combine(day, world.work_day_start), world.now)
        while start + hour <= datetime.datetime.combine(day, world.work_day_end):
            end = start + hour
            if not any(e["starts_at"] < end and start < e["ends_at"] for e in events):
                world.calendar.append({"attendees": guests, "location": room["room_name"], "starts_at": start, "ends_at": end})
                return
            start += datetime.timedelta(minutes=5)
