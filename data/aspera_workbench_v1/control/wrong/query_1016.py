# Wrong: ignores the occurrences of recurring series, so the fortnightly series is missed
def lunch_breaks_next_five_working_days(world):
    import datetime

    singles = [e for e in world.calendar if e["repeats"] is None and e["recurrent_event_id"] is None]
    day = world.now.date() + datetime.timedelta(days=1)
    done = 0
    while done < 5:
        if day.weekday() < 5:
            done += 1
            start = datetime.datetime.combine(day, datetime.time(12, 30))
            end = start + datetime.timedelta(minutes=30)
            if not [e for e in singles if e["starts_at"] < end and e["ends_at"] > start]:
                world.calendar.append({"subject": "Lunch", "starts_at": start, "ends_at": end})
        day += datetime.timedelta(days=1)


# Wrong: counts today as the first of the five days
def lunch_breaks_next_five_working_days(world):
    import datetime

    busy = [e for e in world.calendar if e["repeats"] is None]
    day = world.now.date()
    done = 0
    while done < 5:
        if day.weekday() < 5:
            done += 1
            start = datetime.datetime.combine(day, datetime.time(12, 30))
            end = start + datetime.timedelta(minutes=30)
            if not [e for e in busy if e["starts_at"] < end and e["ends_at"] > start]:
                world.calendar.append({"subject": "Lunch", "starts_at": start, "ends_at": end})
        day += datetime.timedelta(days=1)


# Wrong: only skips days whose meeting starts exactly at 12:30
def lunch_breaks_next_five_working_days(world):
    import datetime

    busy = [e for e in world.calendar if e["repeats"] is None]
    day = world.now.date() + datetime.timedelta(days=1)
    done = 0
    while done < 5:
        if day.weekday() < 5:
            done += 1
            start = datetime.datetime.combine(day, datetime.time(12, 30))
            if not [e for e in busy if e["starts_at"] == start]:
                world.calendar.append(
                    {"subject": "Lunch", "starts_at": start, "ends_at": start + datetime.timedelta(minutes=30)}
                )
        day += datetime.timedelta(days=1)
