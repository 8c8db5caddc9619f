# Hey, [Assistant], move my design sync with Tobias from Thursday to Friday, same time.
def move_design_sync_with_tobias_to_friday(world):
    """Move this Thursday's design sync with Tobias to the same time on the
    following day."""
    import datetime

    people = [p for p in world.employees if "tobias" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Tobias. Who do you mean?")
    tobias = people[0]["employee_id"]
    today = world.now.date()
    thursday = today + datetime.timedelta(days=(3 - today.weekday()) % 7)
    syncs = [
        event
        for event in world.calendar
        if event["repeats"] is None
        and event["attendees"] == [tobias]
        and "design sync" in (event["subject"] or "").lower()
        and event["starts_at"].date() == thursday
    ]
    if len(syncs) != 1:
        raise world.RequiresUserInput(
            f"I found {len(syncs)} design syncs with Tobias on Thursday. Which one do you mean?"
        )
    sync = syncs[0]
    sync["starts_at"] += datetime.timedelta(days=1)
    sync["ends_at"] += datetime.timedelta(days=1)
