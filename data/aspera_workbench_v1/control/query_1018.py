# Hey, [Assistant], cancel all my upcoming meetings with just Fenella and Ruairi, the three of us and nobody else.
def cancel_meetings_with_fenella_and_ruairi(world):
    """Delete every upcoming meeting whose attendees are exactly Fenella and
    Ruairi."""
    wanted = set()
    for name in ("fenella", "ruairi"):
        people = [p for p in world.employees if name in p["name"].lower()]
        if len(people) != 1:
            raise world.RequiresUserInput(f"I found {len(people)} colleagues called {name.title()}. Who do you mean?")
        wanted.add(people[0]["employee_id"])
    # a recurring series goes as a whole: removing the series entry removes its occurrences
    world.calendar[:] = [
        event
        for event in world.calendar
        if not (
            event["recurrent_event_id"] is None
            and event["starts_at"] >= world.now
            and set(event["attendees"] or []) == wanted
        )
    ]
