# Wrong: moves only this week's occurrence, not the whole series
def move_roadmap_review_series_to_2pm(world):
    import datetime

    hamish = next(p for p in world.employees if p["name"] == "Hamish")
    series = next(
        e
        for e in world.calendar
        if e["repeats"] is not None and e["attendees"] == [hamish["employee_id"]] and "roadmap" in e["subject"].lower()
    )
    first = min(
        (e for e in world.calendar if e["recurrent_event_id"] == series["event_id"]), key=lambda e: e["starts_at"]
    )
    length = first["ends_at"] - first["starts_at"]
    first["starts_at"] = datetime.datetime.combine(first["starts_at"].date(), datetime.time(14, 0))
    first["ends_at"] = first["starts_at"] + length


# Wrong: moves the start to 2 PM but leaves the end at 11:45
def move_roadmap_review_series_to_2pm(world):
    import datetime

    hamish = next(p for p in world.employees if p["name"] == "Hamish")
    review = next(
        e
        for e in world.calendar
        if e["repeats"] is not None and e["attendees"] == [hamish["employee_id"]] and "roadmap" in e["subject"].lower()
    )
    review["starts_at"] = datetime.datetime.combine(review["starts_at"].date(), datetime.time(14, 0))


# Wrong: re-creates the meeting at 2 PM as a one-off, losing the recurrence
def move_roadmap_review_series_to_2pm(world):
    import datetime

    hamish = next(p for p in world.employees if p["name"] == "Hamish")
    review = next(
        e
        for e in world.calendar
        if e["repeats"] is not None and e["attendees"] == [hamish["employee_id"]] and "roadmap" in e["subject"].lower()
    )
    world.calendar.remove(review)
    start = datetime.datetime.combine(review["starts_at"].date(), datetime.time(14, 0))
    world.calendar.append(
        {
            "subject": "Roadmap review",
            "attendees": [hamish["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=45),
        }
    )


# Wrong: moves every occurrence entry but leaves the series' own rule at 11 AM
def move_roadmap_review_series_to_2pm(world):
    import datetime

    hamish = next(p for p in world.employees if p["name"] == "Hamish")
    series = next(
        e
        for e in world.calendar
        if e["repeats"] is not None and e["attendees"] == [hamish["employee_id"]] and "roadmap" in e["subject"].lower()
    )
    for e in world.calendar:
        if e["recurrent_event_id"] == series["event_id"]:
            e["starts_at"] = e["starts_at"].replace(hour=14)
            e["ends_at"] = e["ends_at"].replace(hour=14)
