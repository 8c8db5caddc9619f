# Wrong: cancels every meeting in Birch tomorrow instead of looking for other rooms
def relocate_meetings_out_of_birch(world):
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    world.calendar[:] = [e for e in world.calendar if not (e["starts_at"].date() == tomorrow and e["location"] == "Birch")]


# Wrong: ignores how many people each meeting has, so Planning poker lands in the four-seat Alder
def relocate_meetings_out_of_birch(world):
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    for event in [e for e in world.calendar if e["starts_at"].date() == tomorrow and e["location"] == "Birch"]:
        start, end = event["starts_at"], event["ends_at"]
        options = [
            r["room_name"]
            for r in world.rooms
            if r["room_name"] != "Birch"
            and not any(b["room_name"] == r["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings)
        ]
        if options:
            event["location"] = options[0]
        else:
            world.calendar.remove(event)


# Wrong: picks the first other room that is big enough without checking its bookings
def relocate_meetings_out_of_birch(world):
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    for event in [e for e in world.calendar if e["starts_at"].date() == tomorrow and e["location"] == "Birch"]:
        others = [r["room_name"] for r in world.rooms if r["room_name"] != "Birch" and r["capacity"] >= len(event["attendees"]) + 1]
        if others:
            event["location"] = others[0]
        else:
            world.calendar.remove(event)
