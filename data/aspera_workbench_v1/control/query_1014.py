# Hey, [Assistant], my weekly roadmap review with Hamish should start at 2 PM instead of 11 AM from now on; please update the whole series.
def move_roadmap_review_series_to_2pm(world):
    """Move every occurrence of the weekly roadmap review with Hamish from
    11 AM to 2 PM, keeping its day, length and end date."""
    import datetime

    hamish = {p["employee_id"] for p in world.employees if "hamish" in p["name"].lower()}
    series = [
        event
        for event in world.calendar
        if event["repeats"] is not None
        and "roadmap review" in (event["subject"] or "").lower()
        and set(event["attendees"] or []) & hamish
    ]
    if len(series) != 1:
        raise world.RequiresUserInput(f"I found {len(series)} recurring roadmap reviews with Hamish.")
    review = series[0]
    length = review["ends_at"] - review["starts_at"]
    review["starts_at"] = datetime.datetime.combine(review["starts_at"].date(), datetime.time(14, 0))
    review["ends_at"] = review["starts_at"] + length
    # a changed series entry gets all of its occurrences re-created from the rule
