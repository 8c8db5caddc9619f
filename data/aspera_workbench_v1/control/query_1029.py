# Hey, [Assistant], share my calendar with my manager.
def share_calendar_with_my_manager(world):
    """Make the user's calendar visible to the user's manager."""
    me = next(p for p in world.employees if p["employee_id"] == world.user_id)
    # the manager is resolved through the directory, not by name
    if me["manager"] is None:
        raise world.RequiresUserInput("You have no manager in the company directory.")
    if me["manager"] not in world.calendar_shared_with:
        world.calendar_shared_with.append(me["manager"])
