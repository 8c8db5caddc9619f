# Hey, [Assistant], add Wilhelmina to my supplier audit prep meeting and make it 30 minutes longer.
def extend_supplier_audit_prep(world):
    """Invite Wilhelmina to the supplier audit prep meeting and move its end
    30 minutes later."""
    import datetime

    people = [p for p in world.employees if "wilhelmina" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Wilhelmina. Who do you mean?")
    wilhelmina = people[0]["employee_id"]
    # "Supplier audit" is another meeting: compare the whole subject
    matches = [
        event
        for event in world.calendar
        if event["recurrent_event_id"] is None
        and event["starts_at"] >= world.now
        and (event["subject"] or "").strip().lower() == "supplier audit prep"
    ]
    if len(matches) != 1:
        raise world.RequiresUserInput(f"I found {len(matches)} supplier audit prep meetings. Which one?")
    meeting = matches[0]
    attendees = meeting["attendees"] or []
    if wilhelmina not in attendees:
        meeting["attendees"] = attendees + [wilhelmina]
    meeting["ends_at"] += datetime.timedelta(minutes=30)
