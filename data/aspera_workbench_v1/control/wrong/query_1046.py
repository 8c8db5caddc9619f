# Wrong: counts the user too
def count_my_managers_other_reports(world) -> int:
    manager = next(p for p in world.employees if p["is_user"])["manager"]
    return sum(1 for p in world.employees if p["manager"] == manager)


# Wrong: counts the whole team other than the manager, second-level reports included
def count_my_managers_other_reports(world) -> int:
    me = next(p for p in world.employees if p["is_user"])
    return sum(1 for p in world.employees if p["team"] == me["team"] and p is not me and p["employee_id"] != me["manager"])
