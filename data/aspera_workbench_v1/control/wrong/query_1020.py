# Wrong: looks only at single events, missing Thursday's occurrence of the weekly series
def free_weekdays_next_week(world) -> list:
    import datetime

    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    busy = [e["starts_at"].date() for e in world.calendar if e["repeats"] is None and e["recurrent_event_id"] is None]
    return [monday + datetime.timedelta(days=i) for i in range(5) if monday + datetime.timedelta(days=i) not in busy]


# Wrong: includes the free Sunday although only weekdays were asked for
def free_weekdays_next_week(world) -> list:
    import datetime

    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    busy = [e["starts_at"].date() for e in world.calendar if e["repeats"] is None]
    return [monday + datetime.timedelta(days=i) for i in range(7) if monday + datetime.timedelta(days=i) not in busy]


# Wrong: returns weekday names instead of the dates that were asked for
def free_weekdays_next_week(world) -> list:
    import datetime

    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    busy = [e["starts_at"].date() for e in world.calendar if e["repeats"] is None]
    days = [monday + datetime.timedelta(days=i) for i in range(5)]
    return [day.strftime("%A") for day in days if day not in busy]
