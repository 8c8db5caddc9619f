# Wrong: uses "five hours or more", so the meeting also moves when Thursday has exactly five hours
def lighten_thursday_by_moving_idony(world):
    import datetime

    idony = next(p for p in world.employees if p["name"] == "Idony")["employee_id"]
    thursday = world.now.date() + datetime.timedelta(days=2)
    on_thursday = [e for e in world.calendar if e["starts_at"].date() == thursday]
    minutes = sum((e["ends_at"] - e["starts_at"]).total_seconds() / 60 for e in on_thursday)
    if minutes >= 300:
        for event in on_thursday:
            if event["attendees"] == [idony]:
                event["starts_at"] += datetime.timedelta(days=1)
                event["ends_at"] += datetime.timedelta(days=1)


# Wrong: moves every Thursday meeting that includes Idony, the group meeting too
def lighten_thursday_by_moving_idony(world):
    import datetime

    idony = next(p for p in world.employees if p["name"] == "Idony")["employee_id"]
    thursday = world.now.date() + datetime.timedelta(days=2)
    on_thursday = [e for e in world.calendar if e["starts_at"].date() == thursday]
    minutes = sum((e["ends_at"] - e["starts_at"]).total_seconds() / 60 for e in on_thursday)
    if minutes > 300:
        for event in on_thursday:
            if idony in (event["attendees"] or []):
                event["starts_at"] += datetime.timedelta(days=1)
                event["ends_at"] += datetime.timedelta(days=1)


# Wrong: moves the one-on-one to next Friday, a week too late
def lighten_thursday_by_moving_idony(world):
    import datetime

    idony = next(p for p in world.employees if p["name"] == "Idony")["employee_id"]
    thursday = world.now.date() + datetime.timedelta(days=2)
    on_thursday = [e for e in world.calendar if e["starts_at"].date() == thursday]
    minutes = sum((e["ends_at"] - e["starts_at"]).total_seconds() / 60 for e in on_thursday)
    if minutes > 300:
        for event in on_thursday:
            if event["attendees"] == [idony]:
                event["starts_at"] += datetime.timedelta(days=8)
                event["ends_at"] += datetime.timedelta(days=8)
