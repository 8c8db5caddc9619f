# Wrong: takes the first Monday after the 1st, a week too late
def quarterly_planning_first_monday_next_month():
    ophelia = find_employee("Ophelia")[0]
    bastian = find_employee("Bastian")[0]
    first = parse_durations_to_date_interval(DateRanges["NextMonth"]).start
    start = combine(get_next_dow("Monday", after=first), time_by_hm(9, 30, "am"))
    add_event(
        Event(
            attendees=[ophelia, bastian],
            subject="Quarterly planning",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
        )
    )


# Wrong: invites Ophelia only
def quarterly_planning_first_monday_next_month():
    ophelia = find_employee("Ophelia")[0]
    start = combine(get_next_dow("Monday"), time_by_hm(9, 30, "am"))
    add_event(
        Event(
            attendees=[ophelia],
            subject="Quarterly planning",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
        )
    )
