# Hey, [Assistant], move my roadmap review with Mervyn to Friday at 3 PM.
def move_roadmap_review_with_mervyn(world):
    """Move the upcoming roadmap review with Mervyn to Friday at 3 PM,
    keeping its length; ask the user when no single such meeting exists."""
    import datetime

    people = {p["employee_id"] for p in world.employees if "mervyn" in p["name"].lower()}
    reviews = [
        event
        for event in world.calendar
        if event["recurrent_event_id"] is None
        and event["starts_at"] >= world.now
        and "roadmap review" in (event["subject"] or "").lower()
        and people & set(event["attendees"] or [])
    ]
    if len(reviews) != 1:
        raise world.RequiresUserInput(
            f"I found {len(reviews)} upcoming roadmap reviews with Mervyn. Which meeting should I move?"
        )
    review = reviews[0]
    length = review["ends_at"] - review["starts_at"]
    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7)
    review["starts_at"] = datetime.datetime.combine(friday, datetime.time(15, 0))
    review["ends_at"] = review["starts_at"] + length
