# Wrong: weekly instead of every other week
def fortnightly_mentoring_with_evander(world):
    import datetime

    evander = next(p for p in world.employees if p["name"] == "Evander")
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(16, 0))
    world.calendar.append(
        {
            "subject": "Mentoring",
            "attendees": [evander["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=45),
            "repeats": {"frequency": "weekly", "recurs_until": datetime.date(2024, 9, 30)},
        }
    )


# Wrong: ends the series on 1 September, losing the September sessions
def fortnightly_mentoring_with_evander(world):
    import datetime

    evander = next(p for p in world.employees if p["name"] == "Evander")
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(16, 0))
    world.calendar.append(
        {
            "subject": "Mentoring",
            "attendees": [evander["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=45),
            "repeats": {"frequency": "weekly", "period": 2, "recurs_until": datetime.date(2024, 9, 1)},
        }
    )


# Wrong: starts a week late, on Wednesday 3 July
def fortnightly_mentoring_with_evander(world):
    import datetime

    evander = next(p for p in world.employees if p["name"] == "Evander")
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=8), datetime.time(16, 0))
    world.calendar.append(
        {
            "subject": "Mentoring",
            "attendees": [evander["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=45),
            "repeats": {"frequency": "weekly", "period": 2, "recurs_until": datetime.date(2024, 9, 30)},
        }
    )
