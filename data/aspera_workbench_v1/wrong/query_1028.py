# Wrong: postpones by one week instead of two
def postpone_compliance_training():
    training = find_events(subject="compliance training")[0]
    training.starts_at = training.starts_at + datetime.timedelta(days=7)
    training.ends_at = training.ends_at + datetime.timedelta(days=7)
    add_event(training)


# Wrong: moves it to two weeks from today (a Tuesday) instead of two weeks after Thursday
def postpone_compliance_training():
    training = find_events(subject="compliance training")[0]
    day = now_().date() + datetime.timedelta(days=14)
    length = training.ends_at - training.starts_at
    training.starts_at = combine(day, training.starts_at.time())
    training.ends_at = training.starts_at + length
    add_event(training)


# Wrong: creates the new session but forgets to remove Thursday's
def postpone_compliance_training():
    training = find_events(subject="compliance training")[0]
    add_event(
        Event(
            attendees=training.attendees,
            subject=training.subject,
            starts_at=training.starts_at + datetime.timedelta(days=14),
            ends_at=training.ends_at + datetime.timedelta(days=14),
        )
    )
