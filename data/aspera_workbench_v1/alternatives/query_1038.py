# Correct: the user and the skip-level manager, the date from next week's Monday
def skip_level_with_managers_manager():
    import datetime

    me = get_current_user()
    skip = find_manager_of(find_manager_of(me))
    wednesday = get_next_dow("Monday") + datetime.timedelta(days=2)
    start = datetime.datetime.combine(wednesday, datetime.time(11, 0))
    add_event(
        Event(attendees=[skip, me], subject="Skip-level", starts_at=start, ends_at=start + datetime.timedelta(minutes=30))
    )


# Wrong: the user's own manager instead of the manager's manager
def skip_level_with_managers_manager():
    import datetime

    me = get_current_user()
    wednesday = get_next_dow("Monday") + datetime.timedelta(days=2)
    start = datetime.datetime.combine(wednesday, datetime.time(11, 0))
    add_event(
        Event(
            attendees=[me, find_manager_of(me)],
            subject="Skip-level",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )
