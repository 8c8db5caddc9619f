# Hey, [Assistant], I have a clash on Wednesday. Move the less important of the two meetings to the next free slot that day.
def resolve_wednesday_clash(world):
    """Move the less important of Wednesday's two overlapping meetings to
    the first later gap of that day that fits it; ask the user when the
    two are equally important."""
    import datetime

    today = world.now.date()
    wednesday = today + datetime.timedelta(days=(2 - today.weekday()) % 7 or 7)
    day = [e for e in world.calendar if e["repeats"] is None and e["starts_at"].date() == wednesday]
    clashes = [
        (first, second)
        for index, first in enumerate(day)
        for second in day[index + 1 :]
        if first["starts_at"] < second["ends_at"] and second["starts_at"] < first["ends_at"]
    ]
    if len(clashes) != 1:
        raise world.RequiresUserInput("I did not find exactly one clash on Wednesday.")
    first, second = clashes[0]
    if first["event_importance"] == second["event_importance"]:
        raise world.RequiresUserInput(
            f"'{first['subject']}' and '{second['subject']}' are equally important. Which one should I move?"
        )
    move = first if first["event_importance"] == "normal" else second
    length = move["ends_at"] - move["starts_at"]
    others = sorted((e["starts_at"], e["ends_at"]) for e in day if e is not move and e["show_as_status"] != "free")
    cursor = move["starts_at"]
    day_end = datetime.datetime.combine(wednesday, world.work_day_end)
    for start, end in [item for item in others if item[1] > cursor] + [(day_end, day_end)]:
        if start - cursor >= length:
            move["starts_at"], move["ends_at"] = cursor, cursor + length
            return
        cursor = max(cursor, end)
    raise world.RequiresUserInput("There is no later free slot on Wednesday.")
