# Hey, [Assistant], my compliance training on Thursday has been postponed by two weeks; move it to the same time then.
def postpone_compliance_training(world):
    """Move this Thursday's compliance training fourteen days later, keeping
    its time and length."""
    import datetime

    today = world.now.date()
    thursday = today + datetime.timedelta(days=(3 - today.weekday()) % 7)
    trainings = [
        event
        for event in world.calendar
        if event["repeats"] is None
        and "compliance training" in (event["subject"] or "").lower()
        and event["starts_at"].date() == thursday
    ]
    if len(trainings) != 1:
        raise world.RequiresUserInput(f"I found {len(trainings)} compliance trainings on Thursday.")
    training = trainings[0]
    training["starts_at"] += datetime.timedelta(days=14)
    training["ends_at"] += datetime.timedelta(days=14)
