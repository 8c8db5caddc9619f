# Wrong: uses "five hours or more", so the meeting also moves when Thursday has exactly five hours
def lighten_thursday_by_moving_idony():
    idony = find_employee("Idony")[0]
    thursday = get_next_dow("Thursday")
    on_thursday = [e for e in find_events() if e.starts_at.date() == thursday]
    minutes = sum(e.duration.number for e in on_thursday)
    if minutes >= 300:
        for event in on_thursday:
            if event.attendees == [idony]:
                event.starts_at += datetime.timedelta(days=1)
                event.ends_at += datetime.timedelta(days=1)
                add_event(event)


# Wrong: moves every Thursday meeting that includes Idony, the group meeting too
def move_all_meetings_with_idony():
    idony = find_employee("Idony")[0]
    thursday = get_next_dow("Thursday")
    on_thursday = [e for e in find_events() if e.starts_at.date() == thursday]
    minutes = sum(e.duration.number for e in on_thursday)
    if minutes > 300:
        for event in on_thursday:
            if idony in event.attendees:
                event.starts_at += datetime.timedelta(days=1)
                event.ends_at += datetime.timedelta(days=1)
                add_event(event)


# Wrong: moves the one-on-one to next Friday, a week too late
def move_idony_to_next_weeks_friday():
    idony = find_employee("Idony")[0]
    thursday = get_next_dow("Thursday")
    on_thursday = [e for e in find_events() if e.starts_at.date() == thursday]
    minutes = sum(e.duration.number for e in on_thursday)
    if minutes > 300:
        for event in on_thursday:
            if event.attendees == [idony]:
                event.starts_at += datetime.timedelta(days=8)
                event.ends_at += datetime.timedelta(days=8)
                add_event(event)
