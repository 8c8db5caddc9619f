# Hey, [Assistant], move today's 11 AM sync with Dorothea to 8:30 this morning.
def move_sync_with_dorothea_earlier(world):
    """Move today's 11 AM sync with Dorothea to 8:30 AM today, unless that
    time has already passed, in which case the user must decide."""
    import datetime

    people = {p["employee_id"] for p in world.employees if "dorothea" in p["name"].lower()}
    today = world.now.date()
    eleven = datetime.datetime.combine(today, datetime.time(11, 0))
    syncs = [
        event
        for event in world.calendar
        if event["starts_at"] == eleven
        and event["repeats"] is None
        and any(person in people for person in event["attendees"] or [])
    ]
    if len(syncs) != 1:
        raise world.RequiresUserInput("I could not find a single 11 AM meeting with Dorothea today.")
    new_start = datetime.datetime.combine(today, datetime.time(8, 30))
    # a meeting cannot be moved to a time that is already over
    if new_start <= world.now:
        raise world.RequiresUserInput(
            "8:30 this morning has already passed. When should the sync with Dorothea take place instead?"
        )
    sync = syncs[0]
    length = sync["ends_at"] - sync["starts_at"]
    sync["starts_at"] = new_start
    sync["ends_at"] = new_start + length
