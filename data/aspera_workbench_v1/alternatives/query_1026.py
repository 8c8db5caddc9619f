# Correct: replaces the demo with a copy that lists Zebedee and the user
def add_zebedee_to_product_demo():
    people = find_employee("Zebedee")
    if not people:
        raise RequiresUserInput("I can't find anyone called Zebedee. Who should I add?")
    if len(people) > 1:
        raise RequiresUserInput("Which Zebedee?")
    friday = get_next_dow("Friday")
    demos = [e for e in find_events() if "product demo" in (e.subject or "").lower() and e.starts_at.date() == friday]
    if len(demos) != 1:
        raise RequiresUserInput("Which product demo?")
    demo = demos[0]
    delete_event(demo)
    add_event(
        Event(
            attendees=list(demo.attendees or []) + [people[0], get_current_user()],
            subject=demo.subject,
            location=demo.location,
            starts_at=demo.starts_at,
            ends_at=demo.ends_at,
        )
    )


# Wrong: adds Zebedee to every product demo, next week's too
def add_zebedee_to_product_demo():
    people = find_employee("Zebedee")
    if len(people) != 1:
        raise RequiresUserInput("Who is Zebedee?")
    for demo in find_events(subject="product demo"):
        demo.attendees = (demo.attendees or []) + people
        add_event(demo)
