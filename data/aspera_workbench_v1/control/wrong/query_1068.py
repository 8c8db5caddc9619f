# Wrong: treats the meeting that starts later as the less important one
def resolve_wednesday_clash(world):
    import datetime

    wednesday = world.now.date() + datetime.timedelta(days=1)
    day = sorted((e for e in world.calendar if e["starts_at"].date() == wednesday), key=lambda e: e["starts_at"])
    for first, second in zip(day, day[1:]):
        if second["starts_at"] < first["ends_at"]:
            length = second["ends_at"] - second["starts_at"]
            second["starts_at"] = first["ends_at"]
            second["ends_at"] = first["ends_at"] + length
            return


# Wrong: on a tie of importance, moves the meeting with fewer attendees
def resolve_wednesday_clash(world):
    import datetime

    wednesday = world.now.date() + datetime.timedelta(days=1)
    day = sorted((e for e in world.calendar if e["starts_at"].date() == wednesday), key=lambda e: e["starts_at"])
    for first, second in zip(day, day[1:]):
        if second["starts_at"] < first["ends_at"]:
            move = min([first, second], key=lambda e: len(e["attendees"] or []))
            length = move["ends_at"] - move["starts_at"]
            move["starts_at"] = datetime.datetime.combine(wednesday, datetime.time(15, 0))
            move["ends_at"] = move["starts_at"] + length
            return
