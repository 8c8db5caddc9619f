# Wrong: includes the manager
def share_calendar_with_team_but_not_manager(world):
    me = next(p for p in world.employees if p["is_user"])
    world.calendar_shared_with += [p["employee_id"] for p in world.employees if p["team"] == me["team"] and p is not me]


# Wrong: leaves out every manager in the team, not only the user's manager
def share_calendar_with_team_but_not_manager(world):
    me = next(p for p in world.employees if p["is_user"])
    world.calendar_shared_with += [
        p["employee_id"] for p in world.employees if p["team"] == me["team"] and p is not me and p["role"] != "Manager"
    ]
