# Wrong: moves everything to Friday without checking for clashes
def move_thursday_meetings_next_week():
    thursday = get_next_dow("Thursday", after=get_next_dow("Sunday"))
    for meeting in find_events():
        if meeting.starts_at.date() == thursday:
            meeting.starts_at = meeting.starts_at + datetime.timedelta(days=1)
            meeting.ends_at = meeting.ends_at + datetime.timedelta(days=1)
            add_event(meeting)


# Wrong: sends a clashing meeting to the Monday before (1 July) instead of the one after
def move_thursday_meetings_next_week():
    thursday = get_next_dow("Thursday", after=get_next_dow("Sunday"))
    events = find_events()
    for meeting in [e for e in events if e.starts_at.date() == thursday]:
        start = meeting.starts_at + datetime.timedelta(days=1)
        end = meeting.ends_at + datetime.timedelta(days=1)
        clash = [e for e in events if e.starts_at < end and e.ends_at > start]
        if clash:
            start = meeting.starts_at - datetime.timedelta(days=3)
            end = meeting.ends_at - datetime.timedelta(days=3)
        meeting.starts_at = start
        meeting.ends_at = end
        add_event(meeting)


# Wrong: re-creates the meetings on the new days but keeps the Thursday ones
def move_thursday_meetings_next_week():
    thursday = get_next_dow("Thursday", after=get_next_dow("Sunday"))
    events = find_events()
    for meeting in [e for e in events if e.starts_at.date() == thursday]:
        start = meeting.starts_at + datetime.timedelta(days=1)
        end = meeting.ends_at + datetime.timedelta(days=1)
        if [e for e in events if e.starts_at < end and e.ends_at > start]:
            start = start + datetime.timedelta(days=3)
            end = end + datetime.timedelta(days=3)
        add_event(
            Event(
                attendees=meeting.attendees,
                subject=meeting.subject,
                starts_at=start,
                ends_at=end,
            )
        )
