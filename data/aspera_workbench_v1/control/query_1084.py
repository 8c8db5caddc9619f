# Hey, [Assistant], on each weekday next week when I don't have a meeting with Eudora yet, schedule a 30-minute check-in with her at the first time after 2 PM when she and I are both free and a room is available, and book that room.
def check_ins_with_eudora_next_week(world):
    """On every weekday of next week without a meeting with Eudora, add a
    30-minute check-in with her at the earliest time from 2 PM on when
    both calendars and some room are free, located in that room."""
    import datetime

    people = [p for p in world.employees if "eudora" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Eudora. Who do you mean?")
    eudora = people[0]["employee_id"]
    length = datetime.timedelta(minutes=30)

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

    mine = [e for e in world.calendar if e["repeats"] is None]
    theirs = [e for e in world.colleague_calendars[eudora] if e["repeats"] is None]
    busy = [(e["starts_at"], e["ends_at"]) for e in mine + theirs if e["show_as_status"] != "free"]
    rooms = [room["room_name"] for room in world.rooms if room["capacity"] >= 2]
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    plan = []
    for offset in range(5):
        day = monday + datetime.timedelta(days=offset)
        # days that already have a meeting with Eudora are skipped
        if any(e["starts_at"].date() == day and eudora in (e["attendees"] or []) for e in mine):
            continue
        two_pm = datetime.datetime.combine(day, datetime.time(14, 0))
        day_end = datetime.datetime.combine(day, world.work_day_end)
        best = None
        for start, end in gaps(two_pm, day_end, busy):
            # the earliest half hour inside this common gap with a free room
            for room in rooms:
                bookings = [(b["start"], b["end"]) for b in world.room_bookings if b["room_name"] == room]
                for free_start, free_end in gaps(start, end, bookings):
                    if free_end - free_start >= length and (best is None or free_start < best[0]):
                        best = (free_start, room)
            if best is not None:
                break
        if best is None:
            raise world.RequiresUserInput(f"I found no common time with a free room on {day:%A}.")
        plan.append(
            {
                "subject": "Check-in with Eudora",
                "attendees": [eudora],
                "location": best[1],
                "starts_at": best[0],
                "ends_at": best[0] + length,
            }
        )
    # the calendar is only changed once every day has a slot
    world.calendar.extend(plan)
