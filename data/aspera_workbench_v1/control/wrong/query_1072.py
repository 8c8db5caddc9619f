# Wrong: forgets to count the user, so a three-colleague meeting gets the three-seat Puffin room
def book_rooms_for_next_weeks_group_meetings(world):
    import datetime

    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for event in world.calendar:
        if not monday <= event["starts_at"].date() <= monday + datetime.timedelta(days=6):
            continue
        if len(event["attendees"] or []) < 3 or event["location"]:
            continue
        start, end = event["starts_at"], event["ends_at"]
        options = [
            r
            for r in world.rooms
            if r["capacity"] >= len(event["attendees"])
            and not any(b["room_name"] == r["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings)
        ]
        event["location"] = min(options, key=lambda r: r["capacity"])["room_name"]


# Wrong: books the first free room that fits in listing order rather than the smallest
def book_rooms_for_next_weeks_group_meetings(world):
    import datetime

    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for event in world.calendar:
        if not monday <= event["starts_at"].date() <= monday + datetime.timedelta(days=6):
            continue
        if len(event["attendees"] or []) < 3 or event["location"]:
            continue
        start, end = event["starts_at"], event["ends_at"]
        for r in world.rooms:
            if r["capacity"] >= len(event["attendees"]) + 1 and not any(
                b["room_name"] == r["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings
            ):
                event["location"] = r["room_name"]
                break


# Wrong: picks the smallest room that fits without checking that it is free
def book_rooms_for_next_weeks_group_meetings(world):
    import datetime

    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for event in world.calendar:
        if not monday <= event["starts_at"].date() <= monday + datetime.timedelta(days=6):
            continue
        if len(event["attendees"] or []) < 3 or event["location"]:
            continue
        options = [r for r in world.rooms if r["capacity"] >= len(event["attendees"]) + 1]
        event["location"] = min(options, key=lambda r: r["capacity"])["room_name"]
