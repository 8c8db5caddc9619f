# Hey, [Assistant], two of my meetings on Thursday afternoon overlap. Move the less important one so that it starts right when the other one ends.
def resolve_thursday_afternoon_clash(world):
    """Find the two overlapping meetings of Thursday afternoon and move the
    one with normal importance to start when the important one ends."""
    import datetime

    today = world.now.date()
    thursday = today + datetime.timedelta(days=(3 - today.weekday()) % 7)
    noon = datetime.datetime.combine(thursday, datetime.time(12, 0))
    afternoon = [
        event
        for event in world.calendar
        if event["repeats"] is None and event["starts_at"].date() == thursday and event["starts_at"] >= noon
    ]
    clashes = [
        (first, second)
        for index, first in enumerate(afternoon)
        for second in afternoon[index + 1 :]
        if first["starts_at"] < second["ends_at"] and second["starts_at"] < first["ends_at"]
    ]
    if len(clashes) != 1:
        raise world.RequiresUserInput("I did not find exactly one clash on Thursday.")
    first, second = clashes[0]
    if first["event_importance"] == second["event_importance"]:
        raise world.RequiresUserInput("Both meetings are equally important.")
    keep, move = (first, second) if first["event_importance"] == "high" else (second, first)
    length = move["ends_at"] - move["starts_at"]
    move["starts_at"] = keep["ends_at"]
    move["ends_at"] = keep["ends_at"] + length
