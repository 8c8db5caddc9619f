# Wrong: writes Zebedee's name into the demo's notes instead of asking who that is
def add_zebedee_to_product_demo(world):
    demo = next(e for e in world.calendar if "product demo" in e["subject"].lower())
    demo["notes"] = "Please also invite Zebedee."


# Wrong: invites the closest-sounding colleague, Zenobia, without asking
def add_zebedee_to_product_demo(world):
    demo = next(e for e in world.calendar if "product demo" in e["subject"].lower())
    zenobia = next(p for p in world.employees if p["name"] == "Zenobia")
    demo["attendees"] = (demo["attendees"] or []) + [zenobia["employee_id"]]
