# Correct: datetime arithmetic instead of the time library, and the user listed too
def check_in_with_my_assistant():
    import datetime

    me = get_current_user()
    helper = get_assistant(me)
    if helper is None:
        raise RequiresUserInput("You have no assistant. Who should the check-in be with?")
    start = datetime.datetime.combine(now_().date() + datetime.timedelta(days=1), datetime.time(9, 30))
    add_event(Event(attendees=[me, helper], subject="Check-in", starts_at=start, ends_at=start + datetime.timedelta(minutes=20)))


# Wrong: books the check-in with the user's manager when there is no assistant
def check_in_with_my_assistant():
    import datetime

    me = get_current_user()
    person = get_assistant(me) or find_manager_of(me)
    start = datetime.datetime.combine(now_().date() + datetime.timedelta(days=1), datetime.time(9, 30))
    add_event(Event(attendees=[person], subject="Check-in", starts_at=start, ends_at=start + datetime.timedelta(minutes=20)))
