# Wrong: returns the name of the user's own assistant (the user is the COO)
def name_of_cfo_assistant(world) -> str:
    by_id = {p["employee_id"]: p for p in world.employees}
    return by_id[by_id[world.user_id]["assistant"]]["name"]


# Wrong: returns the CFO's name instead of the CFO's assistant's
def name_of_cfo_assistant(world) -> str:
    for person in world.employees:
        if person["role"] == "CFO":
            return person["name"]
    return ""
