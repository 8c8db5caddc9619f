# Hey, [Assistant], set up a weekly one-hour sync with Solveig every Wednesday at 3 PM for six weeks, starting next week, in the Juniper room.
def weekly_sync_with_solveig_in_juniper(world):
    """Create a weekly one-hour series with Solveig on Wednesdays at 3 PM,
    six occurrences from next week's Wednesday, located in Juniper."""
    import datetime

    people = [p for p in world.employees if "solveig" in p["name"].lower()]
    rooms = [room["room_name"] for room in world.rooms if room["room_name"].lower() == "juniper"]
    if len(people) != 1 or len(rooms) != 1:
        raise world.RequiresUserInput("I could not identify Solveig or the Juniper room.")
    today = world.now.date()
    wednesday = today + datetime.timedelta(days=7 - today.weekday() + 2)
    start = datetime.datetime.combine(wednesday, datetime.time(15, 0))
    world.calendar.append(
        {
            "subject": "Weekly sync with Solveig",
            "attendees": [people[0]["employee_id"]],
            "location": rooms[0],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
            "repeats": {"frequency": "weekly", "max_repetitions": 6},
        }
    )
