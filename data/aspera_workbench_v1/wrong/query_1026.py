# Wrong: writes Zebedee's name into the demo's notes instead of asking who that is
def add_zebedee_to_product_demo():
    demo = find_events(subject="product demo")[0]
    demo.notes = "Please also invite Zebedee."
    add_event(demo)


# Wrong: invites the closest-sounding colleague, Zenobia, without asking
def add_zebedee_to_product_demo():
    demo = find_events(subject="product demo")[0]
    zenobia = find_employee("Zenobia")[0]
    demo.attendees = (demo.attendees or []) + [zenobia]
    add_event(demo)
