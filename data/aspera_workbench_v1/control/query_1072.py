# Hey, [Assistant], for each of my meetings next week with three or more colleagues that doesn't have a room yet, book the smallest room that fits everyone and is free for the whole meeting.
def book_rooms_for_next_weeks_group_meetings(world):
    """Give every room-less meeting of next week that has at least three
    colleagues the smallest room that seats them and the user and is free
    for the whole meeting."""
    import datetime

    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    plan = []
    for event in world.calendar:
        if event["repeats"] is not None or not monday <= event["starts_at"].date() <= sunday:
            continue
        colleagues = [p for p in event["attendees"] or [] if p != world.user_id]
        if len(colleagues) < 3 or event["location"]:
            continue
        start, end = event["starts_at"], event["ends_at"]
        # the user takes a seat too
        options = [
            room
            for room in world.rooms
            if room["capacity"] >= len(colleagues) + 1
            and not any(
                b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings
            )
        ]
        if not options:
            raise world.RequiresUserInput(f"No room fits '{event['subject']}' on {start:%A}.")
        plan.append((event, min(options, key=lambda room: room["capacity"])["room_name"]))
    # rooms are only booked once every meeting has one
    for event, room_name in plan:
        event["location"] = room_name
