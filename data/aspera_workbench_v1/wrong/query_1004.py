# Wrong: moves the sync to Friday of next week
def move_design_sync_with_tobias_to_friday():
    tobias = find_employee("Tobias")[0]
    sync = find_events(attendees=[tobias], subject="design sync")[0]
    sync.starts_at = sync.starts_at + datetime.timedelta(days=8)
    sync.ends_at = sync.ends_at + datetime.timedelta(days=8)
    add_event(sync)


# Wrong: adds a copy on Friday but leaves the Thursday sync in place
def move_design_sync_with_tobias_to_friday():
    tobias = find_employee("Tobias")[0]
    sync = find_events(attendees=[tobias], subject="design sync")[0]
    add_event(
        Event(
            attendees=[tobias],
            subject=sync.subject,
            starts_at=sync.starts_at + datetime.timedelta(days=1),
            ends_at=sync.ends_at + datetime.timedelta(days=1),
        )
    )
