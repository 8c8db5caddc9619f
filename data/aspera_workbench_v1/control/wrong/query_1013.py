# Wrong: deletes the whole series instead of one session
def skip_next_weeks_design_crit(world):
    world.calendar[:] = [
        e for e in world.calendar if not (e["repeats"] is not None and "design crit" in e["subject"].lower())
    ]


# Wrong: skips this week's session (tomorrow) instead of next week's
def skip_next_weeks_design_crit(world):
    import datetime

    series = next(e for e in world.calendar if e["repeats"] is not None and "design crit" in e["subject"].lower())
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    world.calendar[:] = [
        e
        for e in world.calendar
        if not (e["recurrent_event_id"] == series["event_id"] and e["starts_at"].date() == tomorrow)
    ]


# Wrong: deletes everything called design crit next week, the prep block included
def skip_next_weeks_design_crit(world):
    import datetime

    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    sunday = monday + datetime.timedelta(days=6)
    world.calendar[:] = [
        e
        for e in world.calendar
        if e["repeats"] is not None
        or "design crit" not in e["subject"].lower()
        or not monday <= e["starts_at"].date() <= sunday
    ]
