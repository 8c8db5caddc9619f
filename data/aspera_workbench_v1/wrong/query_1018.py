# Wrong: also cancels meetings where Fenella and Ruairi are joined by others
def cancel_meetings_with_fenella_and_ruairi():
    fenella = find_employee("Fenella")[0]
    ruairi = find_employee("Ruairi")[0]
    for meeting in find_events():
        people = meeting.attendees or []
        if fenella in people and ruairi in people:
            delete_event(meeting)


# Wrong: cancels only the first matching meeting
def cancel_meetings_with_fenella_and_ruairi():
    fenella = find_employee("Fenella")[0]
    ruairi = find_employee("Ruairi")[0]
    delete_event(find_events(attendees=[fenella, ruairi])[0])


# Wrong: cancels only the first occurrence of the weekly series, not the series
def cancel_meetings_with_fenella_and_ruairi():
    fenella = find_employee("Fenella")[0]
    ruairi = find_employee("Ruairi")[0]
    for meeting in find_events(attendees=[fenella, ruairi]):
        if meeting.repeats is None:
            delete_event(meeting)
        else:
            delete_event(get_event_instances(meeting)[0])
