# Correct: scans the afternoon in 15-minute steps against Lucan's meetings and the user's, and lists the user
def catch_up_with_lucan_tomorrow_afternoon():
    import datetime

    people = find_employee("Lucan")
    if len(people) != 1:
        raise RequiresUserInput("Which Lucan do you mean?")
    lucan = people[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)
    busy = [(e.starts_at, e.ends_at) for e in get_calendar(lucan) + find_events()]
    start = datetime.datetime.combine(tomorrow, datetime.time(12, 0))
    last = datetime.datetime.combine(tomorrow, datetime.time(17, 0))
    while start + datetime.timedelta(minutes=30) <= last:
        end = start + datetime.timedelta(minutes=30)
        if not any(a < end and start < b for a, b in busy):
            add_event(Event(attendees=[lucan, get_current_user()], subject="Catch-up", starts_at=start, ends_at=end))
            return
        start += datetime.timedelta(minutes=15)
    raise RequiresUserInput("Lucan has no free half hour tomorrow afternoon.")


# Wrong: books at noon without looking at Lucan's calendar
def catch_up_with_lucan_tomorrow_afternoon():
    import datetime

    people = find_employee("Lucan")
    if len(people) != 1:
        raise RequiresUserInput("Which Lucan?")
    start = datetime.datetime.combine(now_().date() + datetime.timedelta(days=1), datetime.time(12, 0))
    add_event(Event(attendees=people, subject="Catch-up", starts_at=start, ends_at=start + datetime.timedelta(minutes=30)))


# Correct: takes the afternoon to start at the library's TimeExpressions.Afternoon (14:19)
def catch_up_with_lucan_tomorrow_afternoon():
    import datetime

    people = find_employee("Lucan")
    if len(people) != 1:
        raise RequiresUserInput("Which Lucan do you mean?")
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    start_of_afternoon = combine(tomorrow, parse_time_string(TimeExpressions["Afternoon"]))
    his = [e for e in get_calendar(people[0]) if e.starts_at.date() == tomorrow]
    for slot in find_available_slots(his, get_search_settings("work"), tomorrow):
        begin = max(slot.start, start_of_afternoon)
        if begin + datetime.timedelta(minutes=30) <= slot.end:
            add_event(Event(attendees=people, subject="Catch-up", starts_at=begin, ends_at=begin + datetime.timedelta(minutes=30)))
            return
    raise RequiresUserInput("No free half hour.")
