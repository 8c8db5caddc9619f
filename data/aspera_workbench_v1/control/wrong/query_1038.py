# Wrong: books the meeting with the user's manager instead of the manager's manager
def skip_level_with_managers_manager(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    wednesday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday() + 2)
    start = datetime.datetime.combine(wednesday, datetime.time(11, 0))
    world.calendar.append(
        {"subject": "Skip-level", "attendees": [me["manager"]], "starts_at": start, "ends_at": start + datetime.timedelta(minutes=30)}
    )


# Wrong: books tomorrow (this Wednesday) instead of Wednesday next week
def skip_level_with_managers_manager(world):
    import datetime

    by_id = {p["employee_id"]: p for p in world.employees}
    skip_level = by_id[by_id[world.user_id]["manager"]]["manager"]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(11, 0))
    world.calendar.append(
        {"subject": "Skip-level", "attendees": [skip_level], "starts_at": start, "ends_at": start + datetime.timedelta(minutes=30)}
    )
