# Hey, [Assistant], share my calendar with everyone on my team except my manager.
def share_calendar_with_team_but_not_manager(world):
    """Share the user's calendar with every member of the user's team other
    than the user's manager."""
    me = next(p for p in world.employees if p["employee_id"] == world.user_id)
    recipients = [
        person["employee_id"]
        for person in world.employees
        if person["team"] == me["team"] and person is not me and person["employee_id"] != me["manager"]
    ]
    if not recipients:
        raise world.RequiresUserInput("Apart from your manager, your team is empty.")
    for employee_id in recipients:
        if employee_id not in world.calendar_shared_with:
            world.calendar_shared_with.append(employee_id)
