# Wrong: moves the sync into the past instead of asking
def move_sync_with_dorothea_earlier():
    dorothea = find_employee("Dorothea")[0]
    sync = find_events(attendees=[dorothea])[0]
    start = combine(now_().date(), time_by_hm(8, 30, "am"))
    sync.ends_at = start + (sync.ends_at - sync.starts_at)
    sync.starts_at = start
    add_event(sync)


# Wrong: moves the sync to 8:30 tomorrow, which the user did not ask for
def move_sync_with_dorothea_earlier():
    dorothea = find_employee("Dorothea")[0]
    sync = find_events(attendees=[dorothea])[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    start = combine(tomorrow, time_by_hm(8, 30, "am"))
    sync.ends_at = start + (sync.ends_at - sync.starts_at)
    sync.starts_at = start
    add_event(sync)
