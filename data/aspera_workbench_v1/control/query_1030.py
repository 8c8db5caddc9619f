# Hey, [Assistant], who is the CFO's assistant? Just give me the name.
def name_of_cfo_assistant(world) -> str:
    """Return the name of the assistant of the company's CFO."""
    by_id = {person["employee_id"]: person for person in world.employees}
    # leadership roles are read from the directory records
    cfos = [person for person in world.employees if person["role"] == "CFO"]
    if len(cfos) != 1:
        raise world.RequiresUserInput("I could not find a single CFO in the company directory.")
    assistant = cfos[0]["assistant"]
    if assistant is None:
        raise world.RequiresUserInput(f"{cfos[0]['name']} has no assistant on record.")
    return by_id[assistant]["name"]
