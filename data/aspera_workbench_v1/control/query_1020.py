# Hey, [Assistant], which weekdays next week have no meetings at all in my calendar? Give me their dates.
def free_weekdays_next_week(world) -> list:
    """Return the dates of next week's Monday-to-Friday days on which the
    user has no meeting, occurrences of recurring series included."""
    import datetime

    busy_days = {event["starts_at"].date() for event in world.calendar if event["repeats"] is None}
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    weekdays = [monday + datetime.timedelta(days=offset) for offset in range(5)]
    return [day for day in weekdays if day not in busy_days]
