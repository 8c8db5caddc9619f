# Wrong: postpones by one week instead of two
def postpone_compliance_training(world):
    import datetime

    training = next(e for e in world.calendar if "compliance training" in e["subject"].lower())
    training["starts_at"] += datetime.timedelta(days=7)
    training["ends_at"] += datetime.timedelta(days=7)


# Wrong: moves it to two weeks from today (a Tuesday) instead of two weeks after Thursday
def postpone_compliance_training(world):
    import datetime

    training = next(e for e in world.calendar if "compliance training" in e["subject"].lower())
    length = training["ends_at"] - training["starts_at"]
    training["starts_at"] = datetime.datetime.combine(
        world.now.date() + datetime.timedelta(days=14), training["starts_at"].time()
    )
    training["ends_at"] = training["starts_at"] + length


# Wrong: creates the new session but forgets to remove Thursday's
def postpone_compliance_training(world):
    import datetime

    training = next(e for e in world.calendar if "compliance training" in e["subject"].lower())
    world.calendar.append(
        {
            "subject": training["subject"],
            "attendees": training["attendees"],
            "starts_at": training["starts_at"] + datetime.timedelta(days=14),
            "ends_at": training["ends_at"] + datetime.timedelta(days=14),
        }
    )
