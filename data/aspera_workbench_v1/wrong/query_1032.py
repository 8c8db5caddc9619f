# Wrong: looks only for meetings whose attendees are exactly Noemi, missing tomorrow's group meeting
def next_meeting_with_noemi() -> datetime.datetime:
    noemi = find_employee("Noemi")[0]
    return find_events(attendees=[noemi])[0].starts_at


# Wrong: returns only the date, without the time
def next_meeting_with_noemi() -> datetime.date:
    noemi = find_employee("Noemi")[0]
    for event in find_events():
        if event.attendees and noemi in event.attendees:
            return event.starts_at.date()
    return None
