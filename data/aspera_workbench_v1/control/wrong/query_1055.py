# Wrong: shares with the three leaders instead of their assistants
def share_calendar_with_leadership_assistants(world):
    world.calendar_shared_with += [p["employee_id"] for p in world.employees if p["role"] in ("CEO", "COO", "CFO")]


# Wrong: shares only with the COO's assistant, whom the user already meets
def share_calendar_with_leadership_assistants(world):
    for person in world.employees:
        if person["role"] == "COO":
            world.calendar_shared_with.append(person["assistant"])
