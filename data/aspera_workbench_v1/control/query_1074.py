# Hey, [Assistant], the Birch room is closed tomorrow. Move each of my meetings there to another room that fits everyone and is free at the same time, or cancel the meeting if no room works.
def relocate_meetings_out_of_birch(world):
    """Give each of tomorrow's meetings in Birch another room that seats
    all its people and is free for the whole meeting; delete the meetings
    for which no such room exists."""
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    in_birch = [
        event
        for event in world.calendar
        if event["repeats"] is None
        and event["starts_at"].date() == tomorrow
        and (event["location"] or "").strip().lower() == "birch"
    ]
    for event in in_birch:
        headcount = len([p for p in event["attendees"] or [] if p != world.user_id]) + 1
        start, end = event["starts_at"], event["ends_at"]
        options = [
            room["room_name"]
            for room in world.rooms
            if room["room_name"].lower() != "birch"
            and room["capacity"] >= headcount
            and not any(
                b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings
            )
        ]
        if options:
            event["location"] = options[0]
        else:
            # the user asked to cancel meetings that cannot be relocated
            world.calendar.remove(event)
