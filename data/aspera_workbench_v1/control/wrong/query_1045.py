# Wrong: counts only meetings whose sole attendee is the manager, missing the group meeting
def minutes_with_manager_rest_of_week(world) -> int:
    import datetime

    manager = next(p for p in world.employees if p["is_user"])["manager"]
    sunday = world.now.date() + datetime.timedelta(days=6 - world.now.weekday())
    return int(
        sum(
            (e["ends_at"] - e["starts_at"]).total_seconds() // 60
            for e in world.calendar
            if e["attendees"] == [manager] and world.now <= e["starts_at"] and e["starts_at"].date() <= sunday
        )
    )


# Wrong: also counts this week's meeting that is already over
def minutes_with_manager_rest_of_week(world) -> int:
    import datetime

    manager = next(p for p in world.employees if p["is_user"])["manager"]
    monday = world.now.date() - datetime.timedelta(days=world.now.weekday())
    sunday = monday + datetime.timedelta(days=6)
    return int(
        sum(
            (e["ends_at"] - e["starts_at"]).total_seconds() // 60
            for e in world.calendar
            if manager in (e["attendees"] or []) and monday <= e["starts_at"].date() <= sunday
        )
    )
