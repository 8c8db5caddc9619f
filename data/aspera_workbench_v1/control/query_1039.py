# Hey, [Assistant], which of my teammates are free tomorrow from 2 to 3 PM? Anyone on holiday counts as not free. Give me their names.
def teammates_free_tomorrow_two_to_three(world) -> list:
    """Return the names of the user's teammates who are neither on holiday
    nor in a meeting between 2 and 3 PM tomorrow."""
    import datetime

    me = next(p for p in world.employees if p["employee_id"] == world.user_id)
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, datetime.time(14, 0))
    end = datetime.datetime.combine(tomorrow, datetime.time(15, 0))

    def overlaps(first, last):
        # meetings that only touch the window do not count
        return first < end and start < last

    free = []
    for colleague in world.employees:
        if colleague["team"] != me["team"] or colleague is me:
            continue
        colleague_id = colleague["employee_id"]
        if any(v["employee_id"] == colleague_id and overlaps(v["start"], v["end"]) for v in world.vacations):
            continue
        busy = any(
            event["repeats"] is None and event["show_as_status"] != "free" and overlaps(event["starts_at"], event["ends_at"])
            for event in world.colleague_calendars.get(colleague_id, [])
        )
        if not busy:
            free.append(colleague["name"])
    return free
