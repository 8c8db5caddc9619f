# Wrong: pushes back every meeting tomorrow, the morning ones included
def push_back_tomorrow_afternoon():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    for meeting in find_events():
        if meeting.starts_at.date() == tomorrow:
            meeting.starts_at = meeting.starts_at + datetime.timedelta(minutes=30)
            meeting.ends_at = meeting.ends_at + datetime.timedelta(minutes=30)
            add_event(meeting)


# Wrong: moves the start but not the end, so the meetings get 30 minutes shorter
def push_back_tomorrow_afternoon():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    for meeting in find_events():
        if meeting.starts_at.date() == tomorrow and meeting.starts_at.hour >= 12:
            meeting.starts_at = meeting.starts_at + datetime.timedelta(minutes=30)
            add_event(meeting)


# Wrong: pulls the meetings 30 minutes earlier instead of pushing them back
def push_back_tomorrow_afternoon():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    for meeting in find_events():
        if meeting.starts_at.date() == tomorrow and meeting.starts_at.hour >= 12:
            meeting.starts_at = meeting.starts_at - datetime.timedelta(minutes=30)
            meeting.ends_at = meeting.ends_at - datetime.timedelta(minutes=30)
            add_event(meeting)
