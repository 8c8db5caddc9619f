# Wrong: pushes back every meeting tomorrow, the morning ones included
def push_back_tomorrow_afternoon(world):
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    for meeting in world.calendar:
        if meeting["starts_at"].date() == tomorrow:
            meeting["starts_at"] += datetime.timedelta(minutes=30)
            meeting["ends_at"] += datetime.timedelta(minutes=30)


# Wrong: moves the start but not the end, so the meetings get 30 minutes shorter
def push_back_tomorrow_afternoon(world):
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    for meeting in world.calendar:
        if meeting["starts_at"].date() == tomorrow and meeting["starts_at"].hour >= 12:
            meeting["starts_at"] += datetime.timedelta(minutes=30)


# Wrong: pulls the meetings 30 minutes earlier instead of pushing them back
def push_back_tomorrow_afternoon(world):
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    for meeting in world.calendar:
        if meeting["starts_at"].date() == tomorrow and meeting["starts_at"].hour >= 12:
            meeting["starts_at"] -= datetime.timedelta(minutes=30)
            meeting["ends_at"] -= datetime.timedelta(minutes=30)
