# Hey, [Assistant], find the earliest hour this week when Jolyon, Keturah and I are all free and a room for three is available, then book a meeting with them there.
def meet_jolyon_and_keturah_in_a_room(world):
    """Schedule a one-hour meeting with Jolyon and Keturah at the earliest
    time this working week when all three calendars are free and some room
    with at least three seats is free for the whole hour."""
    import datetime

    guests = []
    for name in ("jolyon", "keturah"):
        people = [p for p in world.employees if name in p["name"].lower()]
        if len(people) != 1:
            raise world.RequiresUserInput(f"I found {len(people)} colleagues called {name.title()}. Who do you mean?")
        guests.append(people[0]["employee_id"])
    hour = datetime.timedelta(hours=1)

    def gaps(start, end, busy):
        """The free parts of start..end around the (start, end) pairs in busy."""
        free, cursor = [], start
        for first, last in sorted(busy):
            if last <= cursor or first >= end:
                continue
            if first > cursor:
                free.append((cursor, first))
            cursor = max(cursor, last)
        if cursor < end:
            free.append((cursor, end))
        return free

    # everybody's meetings block the time: the user's and both colleagues'
    events = world.calendar + [e for guest in guests for e in world.colleague_calendars[guest]]
    busy = [(e["starts_at"], e["ends_at"]) for e in events if e["repeats"] is None and e["show_as_status"] != "free"]
    rooms = [room["room_name"] for room in world.rooms if room["capacity"] >= 3]
    today = world.now.date()
    # the rest of this week's working days, today included
    for offset in range(5 - today.weekday()):
        day = today + datetime.timedelta(days=offset)
        day_start = max(datetime.datetime.combine(day, world.work_day_start), world.now)
        day_end = datetime.datetime.combine(day, world.work_day_end)
        for start, end in gaps(day_start, day_end, busy):
            # inside this common gap, the earliest hour some room is free
            best = None
            for room in rooms:
                bookings = [(b["start"], b["end"]) for b in world.room_bookings if b["room_name"] == room]
                for free_start, free_end in gaps(start, end, bookings):
                    if free_end - free_start >= hour and (best is None or free_start < best[0]):
                        best = (free_start, room)
            if best is not None:
                world.calendar.append(
                    {
                        "subject": "Meeting with Jolyon and Keturah",
                        "attendees": guests,
                        "location": best[1],
                        "starts_at": best[0],
                        "ends_at": best[0] + hour,
                    }
                )
                return
    raise world.RequiresUserInput("I found no hour this week when the three of you and a room are free.")
