# Wrong: books the meeting with the user's manager instead of the manager's manager
def skip_level_with_managers_manager():
    manager = find_manager_of(get_current_user())
    wednesday = get_next_dow("Monday") + datetime.timedelta(days=2)
    start = combine(wednesday, time_by_hm(11, 0, "am"))
    add_event(
        Event(
            attendees=[manager],
            subject="Skip-level",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )


# Wrong: books tomorrow (this Wednesday) instead of Wednesday next week
def skip_level_with_managers_manager():
    skip_level = find_manager_of(find_manager_of(get_current_user()))
    start = combine(get_next_dow("Wednesday"), time_by_hm(11, 0, "am"))
    add_event(
        Event(
            attendees=[skip_level],
            subject="Skip-level",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )
