# Hey, [Assistant], book the Cedar room on Friday at 2 PM for an hour-long kickoff with Pernille and everyone in her team.
def kickoff_with_pernilles_team_in_cedar(world):
    """Create a one-hour kickoff on Friday at 2 PM with Pernille and her
    team in the Cedar room, if Cedar can hold everyone and is free."""
    import datetime

    people = [p for p in world.employees if "pernille" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Pernille. Who do you mean?")
    pernille = people[0]
    attendees = [pernille["employee_id"]] + [
        p["employee_id"]
        for p in world.employees
        if p["team"] == pernille["team"] and p is not pernille and p["employee_id"] != world.user_id
    ]
    headcount = len(attendees) + 1
    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7)
    start = datetime.datetime.combine(friday, datetime.time(14, 0))
    end = start + datetime.timedelta(hours=1)
    cedar = [room for room in world.rooms if room["room_name"].lower() == "cedar"]
    if not cedar:
        raise world.RequiresUserInput("There is no room called Cedar.")
    if cedar[0]["capacity"] < headcount:
        raise world.RequiresUserInput(
            f"Cedar seats {cedar[0]['capacity']}, but the kickoff has {headcount} people. Should I pick a bigger room?"
        )
    if any(b["room_name"] == cedar[0]["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings):
        raise world.RequiresUserInput("Cedar is not free on Friday from 2 to 3 PM.")
    world.calendar.append(
        {"subject": "Kickoff", "attendees": attendees, "location": cedar[0]["room_name"], "starts_at": start, "ends_at": end}
    )
