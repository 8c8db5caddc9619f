# Wrong: books Cedar without checking whether it can seat everyone
def kickoff_with_pernilles_team_in_cedar(world):
    import datetime

    pernille = next(p for p in world.employees if p["name"] == "Pernille")
    team = [p["employee_id"] for p in world.employees if p["team"] == pernille["team"]]
    friday = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    start = datetime.datetime.combine(friday, datetime.time(14, 0))
    world.calendar.append(
        {"subject": "Kickoff", "attendees": team, "location": "Cedar", "starts_at": start, "ends_at": start + datetime.timedelta(hours=1)}
    )


# Wrong: silently switches to a bigger room instead of asking about Cedar
def kickoff_with_pernilles_team_in_cedar(world):
    import datetime

    pernille = next(p for p in world.employees if p["name"] == "Pernille")
    team = [p["employee_id"] for p in world.employees if p["team"] == pernille["team"]]
    friday = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    start = datetime.datetime.combine(friday, datetime.time(14, 0))
    end = start + datetime.timedelta(hours=1)
    for room in world.rooms:
        if room["capacity"] >= len(team) + 1 and not any(
            b["room_name"] == room["room_name"] and b["start"] < end and start < b["end"] for b in world.room_bookings
        ):
            world.calendar.append(
                {"subject": "Kickoff", "attendees": team, "location": room["room_name"], "starts_at": start, "ends_at": end}
            )
            return
