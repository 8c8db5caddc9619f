# Wrong: matches attendees exactly, so the workshop that Odile also attends is skipped
def prep_blocks_before_magnus_meetings():
    magnus = find_employee("Magnus")[0]
    week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    meetings = []
    for event in find_past_events(attendees=[magnus]) + find_events(
        attendees=[magnus]
    ):
        meetings += get_event_instances(event) if event.repeats else [event]
    for meeting in meetings:
        if week.start <= meeting.starts_at.date() <= week.end:
            add_event(
                Event(
                    subject="Prep",
                    starts_at=meeting.starts_at - datetime.timedelta(minutes=15),
                    ends_at=meeting.starts_at,
                )
            )


# Wrong: ignores the weekly series that began in the past, so Friday's call gets no prep
def prep_blocks_before_magnus_meetings():
    magnus = find_employee("Magnus")[0]
    week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for meeting in find_events():
        if magnus in (meeting.attendees or []) and (
            week.start <= meeting.starts_at.date() <= week.end
        ):
            add_event(
                Event(
                    subject="Prep",
                    starts_at=meeting.starts_at - datetime.timedelta(minutes=15),
                    ends_at=meeting.starts_at,
                )
            )


# Wrong: puts the prep block right after each meeting instead of before it
def prep_blocks_before_magnus_meetings():
    magnus = find_employee("Magnus")[0]
    week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    meetings = []
    for event in find_past_events() + find_events():
        if magnus in (event.attendees or []):
            meetings += get_event_instances(event) if event.repeats else [event]
    for meeting in meetings:
        if week.start <= meeting.starts_at.date() <= week.end:
            add_event(
                Event(
                    subject="Prep",
                    starts_at=meeting.ends_at,
                    ends_at=meeting.ends_at + datetime.timedelta(minutes=15),
                )
            )
