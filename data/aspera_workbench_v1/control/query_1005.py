# Hey, [Assistant], move my budget review with Ingrid to Wednesday next week at 11 AM.
def move_budget_review_with_ingrid(world):
    """Move the upcoming budget review with Ingrid to 11 AM on Wednesday of
    next week, keeping its length; ask the user when no single upcoming
    budget review with Ingrid exists."""
    import datetime

    people = [p for p in world.employees if "ingrid" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Ingrid. Who do you mean?")
    ingrid = people[0]["employee_id"]
    reviews = [
        event
        for event in world.calendar
        if event["recurrent_event_id"] is None
        and event["starts_at"] >= world.now
        and "budget review" in (event["subject"] or "").lower()
        and ingrid in (event["attendees"] or [])
    ]
    if len(reviews) != 1:
        raise world.RequiresUserInput(
            f"I found {len(reviews)} upcoming budget reviews with Ingrid. Which meeting should I move?"
        )
    review = reviews[0]
    length = review["ends_at"] - review["starts_at"]
    today = world.now.date()
    wednesday = today + datetime.timedelta(days=7 - today.weekday() + 2)
    review["starts_at"] = datetime.datetime.combine(wednesday, datetime.time(11, 0))
    review["ends_at"] = review["starts_at"] + length
