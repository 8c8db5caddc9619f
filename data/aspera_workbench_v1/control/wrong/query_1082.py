# Wrong: starts the series tomorrow (this week's Wednesday) instead of next week
def weekly_sync_with_solveig_in_juniper(world):
    import datetime

    solveig = next(p for p in world.employees if p["name"] == "Solveig")["employee_id"]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(15, 0))
    world.calendar.append(
        {
            "subject": "Weekly sync",
            "attendees": [solveig],
            "location": "Juniper",
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
            "repeats": {"frequency": "weekly", "max_repetitions": 6},
        }
    )


# Wrong: leaves the series open-ended instead of stopping after six weeks
def weekly_sync_with_solveig_in_juniper(world):
    import datetime

    solveig = next(p for p in world.employees if p["name"] == "Solveig")["employee_id"]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=8), datetime.time(15, 0))
    world.calendar.append(
        {
            "subject": "Weekly sync",
            "attendees": [solveig],
            "location": "Juniper",
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
            "repeats": {"frequency": "weekly"},
        }
    )


# Wrong: forgets to put the meeting in the Juniper room
def weekly_sync_with_solveig_in_juniper(world):
    import datetime

    solveig = next(p for p in world.employees if p["name"] == "Solveig")["employee_id"]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=8), datetime.time(15, 0))
    world.calendar.append(
        {
            "subject": "Weekly sync",
            "attendees": [solveig],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
            "repeats": {"frequency": "weekly", "max_repetitions": 6},
        }
    )
