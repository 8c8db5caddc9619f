# Wrong: shares the calendar with the manager's manager instead of the manager
def share_calendar_with_my_manager(world):
    by_id = {p["employee_id"]: p for p in world.employees}
    manager = by_id[by_id[world.user_id]["manager"]]
    world.calendar_shared_with.append(manager["manager"])


# Wrong: also shares with the manager's manager
def share_calendar_with_my_manager(world):
    by_id = {p["employee_id"]: p for p in world.employees}
    manager = by_id[by_id[world.user_id]["manager"]]
    world.calendar_shared_with += [manager["employee_id"], manager["manager"]]
