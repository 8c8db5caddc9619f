# Wrong: also books days with exactly three meetings (at most three instead of fewer than three)
def focus_blocks_until_next_friday(world):
    import datetime

    meetings = [e for e in world.calendar if e["repeats"] is None]
    day = world.now.date() + datetime.timedelta(days=1)
    last = world.now.date() + datetime.timedelta(days=7 - world.now.weekday() + 4)
    while day <= last:
        todays = [m for m in meetings if m["starts_at"].date() == day]
        if day.weekday() < 5 and len(todays) <= 3:
            for hour in (14, 15):
                start = datetime.datetime.combine(day, datetime.time(hour, 0))
                end = start + datetime.timedelta(hours=1)
                if not [m for m in todays if m["starts_at"] < end and m["ends_at"] > start]:
                    world.calendar.append({"subject": "Focus", "starts_at": start, "ends_at": end})
                    break
        day += datetime.timedelta(days=1)


# Wrong: ignores recurring series, so the weekly forum's occurrence is neither counted nor avoided
def focus_blocks_until_next_friday(world):
    import datetime

    meetings = [e for e in world.calendar if e["repeats"] is None and e["recurrent_event_id"] is None]
    day = world.now.date() + datetime.timedelta(days=1)
    last = world.now.date() + datetime.timedelta(days=7 - world.now.weekday() + 4)
    while day <= last:
        todays = [m for m in meetings if m["starts_at"].date() == day]
        if day.weekday() < 5 and len(todays) < 3:
            for hour in (14, 15):
                start = datetime.datetime.combine(day, datetime.time(hour, 0))
                end = start + datetime.timedelta(hours=1)
                if not [m for m in todays if m["starts_at"] < end and m["ends_at"] > start]:
                    world.calendar.append({"subject": "Focus", "starts_at": start, "ends_at": end})
                    break
        day += datetime.timedelta(days=1)


# Wrong: always books 2 PM, even when that hour is taken
def focus_blocks_until_next_friday(world):
    import datetime

    meetings = [e for e in world.calendar if e["repeats"] is None]
    day = world.now.date() + datetime.timedelta(days=1)
    last = world.now.date() + datetime.timedelta(days=7 - world.now.weekday() + 4)
    while day <= last:
        todays = [m for m in meetings if m["starts_at"].date() == day]
        if day.weekday() < 5 and len(todays) < 3:
            start = datetime.datetime.combine(day, datetime.time(14, 0))
            world.calendar.append({"subject": "Focus", "starts_at": start, "ends_at": start + datetime.timedelta(hours=1)})
        day += datetime.timedelta(days=1)


# Wrong: stops at this Friday instead of Friday next week
def focus_blocks_until_next_friday(world):
    import datetime

    meetings = [e for e in world.calendar if e["repeats"] is None]
    day = world.now.date() + datetime.timedelta(days=1)
    last = world.now.date() + datetime.timedelta(days=4 - world.now.weekday())
    while day <= last:
        todays = [m for m in meetings if m["starts_at"].date() == day]
        if day.weekday() < 5 and len(todays) < 3:
            for hour in (14, 15):
                start = datetime.datetime.combine(day, datetime.time(hour, 0))
                end = start + datetime.timedelta(hours=1)
                if not [m for m in todays if m["starts_at"] < end and m["ends_at"] > start]:
                    world.calendar.append({"subject": "Focus", "starts_at": start, "ends_at": end})
                    break
        day += datetime.timedelta(days=1)
