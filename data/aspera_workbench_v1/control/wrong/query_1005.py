# Wrong: moves the only upcoming meeting with Ingrid, which is not a budget review
def move_budget_review_with_ingrid(world):
    import datetime

    ingrid = next(p for p in world.employees if p["name"] == "Ingrid")
    meeting = next(
        e for e in world.calendar if e["attendees"] == [ingrid["employee_id"]] and e["starts_at"] >= world.now
    )
    length = meeting["ends_at"] - meeting["starts_at"]
    wednesday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday() + 2)
    meeting["starts_at"] = datetime.datetime.combine(wednesday, datetime.time(11, 0))
    meeting["ends_at"] = meeting["starts_at"] + length


# Wrong: moves the budget review with Rosalind instead of asking
def move_budget_review_with_ingrid(world):
    import datetime

    review = next(
        e for e in world.calendar if "budget review" in e["subject"].lower() and e["starts_at"] >= world.now
    )
    length = review["ends_at"] - review["starts_at"]
    wednesday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday() + 2)
    review["starts_at"] = datetime.datetime.combine(wednesday, datetime.time(11, 0))
    review["ends_at"] = review["starts_at"] + length
