# Hey, [Assistant], push all of my meetings tomorrow afternoon back by 30 minutes.
def push_back_tomorrow_afternoon(world):
    """Shift every meeting that starts tomorrow afternoon (from noon on) 30
    minutes later, keeping its length."""
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    noon = datetime.datetime.combine(tomorrow, datetime.time(12, 0))
    half_hour = datetime.timedelta(minutes=30)
    for meeting in world.calendar:
        if meeting["repeats"] is not None:
            continue
        if meeting["starts_at"].date() != tomorrow or meeting["starts_at"] < noon:
            continue
        meeting["starts_at"] += half_hour
        meeting["ends_at"] += half_hour
