# Wrong: moves the sync to Friday of next week
def move_design_sync_with_tobias_to_friday(world):
    import datetime

    tobias = next(p for p in world.employees if p["name"] == "Tobias")
    sync = next(
        e
        for e in world.calendar
        if e["attendees"] == [tobias["employee_id"]] and "design sync" in e["subject"].lower()
    )
    sync["starts_at"] += datetime.timedelta(days=8)
    sync["ends_at"] += datetime.timedelta(days=8)


# Wrong: adds a copy on Friday but leaves the Thursday sync in place
def move_design_sync_with_tobias_to_friday(world):
    import datetime

    tobias = next(p for p in world.employees if p["name"] == "Tobias")
    sync = next(
        e
        for e in world.calendar
        if e["attendees"] == [tobias["employee_id"]] and "design sync" in e["subject"].lower()
    )
    world.calendar.append(
        {
            "subject": sync["subject"],
            "attendees": [tobias["employee_id"]],
            "starts_at": sync["starts_at"] + datetime.timedelta(days=1),
            "ends_at": sync["ends_at"] + datetime.timedelta(days=1),
        }
    )
