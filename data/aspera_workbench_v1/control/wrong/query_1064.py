# Wrong: searches by subject only and moves the roadmap review with Nerys
def move_roadmap_review_with_mervyn(world):
    import datetime

    review = next(e for e in world.calendar if "roadmap review" in e["subject"].lower() and e["starts_at"] >= world.now)
    length = review["ends_at"] - review["starts_at"]
    friday = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    review["starts_at"] = datetime.datetime.combine(friday, datetime.time(15, 0))
    review["ends_at"] = review["starts_at"] + length


# Wrong: creates a new roadmap review with Mervyn instead of asking
def move_roadmap_review_with_mervyn(world):
    import datetime

    mervyn = next(p for p in world.employees if p["name"] == "Mervyn")["employee_id"]
    friday = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    start = datetime.datetime.combine(friday, datetime.time(15, 0))
    world.calendar.append(
        {"subject": "Roadmap review", "attendees": [mervyn], "starts_at": start, "ends_at": start + datetime.timedelta(hours=1)}
    )


# Wrong: moves the only upcoming meeting with Mervyn, although it is not a roadmap review
def move_roadmap_review_with_mervyn(world):
    import datetime

    mervyn = next(p for p in world.employees if p["name"] == "Mervyn")["employee_id"]
    meeting = next(e for e in world.calendar if e["attendees"] == [mervyn] and e["starts_at"] >= world.now)
    length = meeting["ends_at"] - meeting["starts_at"]
    friday = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    meeting["starts_at"] = datetime.datetime.combine(friday, datetime.time(15, 0))
    meeting["ends_at"] = meeting["starts_at"] + length
