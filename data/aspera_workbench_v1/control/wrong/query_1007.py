# Wrong: moves the sync into the past instead of asking
def move_sync_with_dorothea_earlier(world):
    import datetime

    dorothea = next(p for p in world.employees if p["name"] == "Dorothea")
    sync = min(
        (e for e in world.calendar if e["attendees"] == [dorothea["employee_id"]] and e["starts_at"] >= world.now),
        key=lambda e: e["starts_at"],
    )
    start = datetime.datetime.combine(world.now.date(), datetime.time(8, 30))
    sync["ends_at"] = start + (sync["ends_at"] - sync["starts_at"])
    sync["starts_at"] = start


# Wrong: moves the sync to 8:30 tomorrow, which the user did not ask for
def move_sync_with_dorothea_earlier(world):
    import datetime

    dorothea = next(p for p in world.employees if p["name"] == "Dorothea")
    sync = min(
        (e for e in world.calendar if e["attendees"] == [dorothea["employee_id"]] and e["starts_at"] >= world.now),
        key=lambda e: e["starts_at"],
    )
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(8, 30))
    sync["ends_at"] = start + (sync["ends_at"] - sync["starts_at"])
    sync["starts_at"] = start
