# Hey, [Assistant], apart from me, how many people report directly to my manager?
def count_my_managers_other_reports(world) -> int:
    """Count the direct reports of the user's manager, leaving the user out."""
    manager = next(p for p in world.employees if p["employee_id"] == world.user_id)["manager"]
    if manager is None:
        raise world.RequiresUserInput("You have no manager in the directory.")
    return sum(1 for person in world.employees if person["manager"] == manager and person["employee_id"] != world.user_id)
