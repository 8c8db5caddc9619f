# Wrong: adds Wilhelmina but forgets to make the meeting longer
def extend_supplier_audit_prep():
    wilhelmina = find_employee("Wilhelmina")[0]
    meeting = find_events(subject="supplier audit prep")[0]
    meeting.attendees = (meeting.attendees or []) + [wilhelmina]
    add_event(meeting)


# Wrong: shifts the whole meeting 30 minutes later instead of making it longer
def extend_supplier_audit_prep():
    wilhelmina = find_employee("Wilhelmina")[0]
    meeting = find_events(subject="supplier audit prep")[0]
    meeting.attendees = (meeting.attendees or []) + [wilhelmina]
    meeting.starts_at = meeting.starts_at + datetime.timedelta(minutes=30)
    meeting.ends_at = meeting.ends_at + datetime.timedelta(minutes=30)
    add_event(meeting)


# Wrong: replaces Odile with Wilhelmina instead of adding her
def extend_supplier_audit_prep():
    wilhelmina = find_employee("Wilhelmina")[0]
    meeting = find_events(subject="supplier audit prep")[0]
    meeting.attendees = [wilhelmina]
    meeting.ends_at = meeting.ends_at + datetime.timedelta(minutes=30)
    add_event(meeting)
