# Wrong: always moves the later-starting meeting, which here is the important one
def resolve_thursday_afternoon_clash(world):
    import datetime

    thursday = world.now.date() + datetime.timedelta(days=2)
    day = sorted((e for e in world.calendar if e["starts_at"].date() == thursday), key=lambda e: e["starts_at"])
    for first, second in zip(day, day[1:]):
        if second["starts_at"] < first["ends_at"]:
            length = second["ends_at"] - second["starts_at"]
            second["starts_at"] = first["ends_at"]
            second["ends_at"] = first["ends_at"] + length
            return


# Wrong: moves the right meeting but gives it a fixed 30-minute length
def resolve_thursday_afternoon_clash(world):
    import datetime

    thursday = world.now.date() + datetime.timedelta(days=2)
    day = [e for e in world.calendar if e["starts_at"].date() == thursday]
    for first in day:
        for second in day:
            if first is second or first["event_importance"] != "high":
                continue
            if second["starts_at"] < first["ends_at"] and first["starts_at"] < second["ends_at"]:
                second["starts_at"] = first["ends_at"]
                second["ends_at"] = first["ends_at"] + datetime.timedelta(minutes=30)
                return
