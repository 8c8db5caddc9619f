# Hey, [Assistant], skip next week's session of my weekly design crit, but keep the rest of the series as it is.
def skip_next_weeks_design_crit(world):
    """Cancel the occurrence of the weekly design crit series that falls in
    next week, leaving the series and its other occurrences alone."""
    import datetime

    series = [
        event
        for event in world.calendar
        if event["repeats"] is not None and "design crit" in (event["subject"] or "").lower()
    ]
    if len(series) != 1:
        raise world.RequiresUserInput(f"I found {len(series)} recurring design crits. Which one is it?")
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    sunday = monday + datetime.timedelta(days=6)
    sessions = [
        event
        for event in world.calendar
        if event["recurrent_event_id"] == series[0]["event_id"] and monday <= event["starts_at"].date() <= sunday
    ]
    if len(sessions) != 1:
        raise world.RequiresUserInput(
            f"The design crit has {len(sessions)} sessions next week. Which one should I skip?"
        )
    world.calendar.remove(sessions[0])
