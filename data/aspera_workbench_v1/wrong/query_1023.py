# Wrong: books the Friday catch-up without checking for an existing one
def ensure_catch_up_with_cordelia():
    cordelia = find_employee("Cordelia")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(11, 0, "am"))
    add_event(
        Event(
            attendees=[cordelia],
            subject="Catch-up",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )


# Wrong: treats any meeting with Cordelia this week as a catch-up
def ensure_catch_up_with_cordelia():
    cordelia = find_employee("Cordelia")[0]
    week = this_week_dates()
    if [e for e in find_events(attendees=[cordelia]) if e.starts_at.date() in week]:
        return
    start = combine(get_next_dow("Friday"), time_by_hm(11, 0, "am"))
    add_event(
        Event(
            attendees=[cordelia],
            subject="Catch-up",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )


# Wrong: counts the catch-up planned next week as one this week
def ensure_catch_up_with_cordelia():
    cordelia = find_employee("Cordelia")[0]
    if find_events(attendees=[cordelia], subject="catch-up"):
        return
    start = combine(get_next_dow("Friday"), time_by_hm(11, 0, "am"))
    add_event(
        Event(
            attendees=[cordelia],
            subject="Catch-up",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )
