# Wrong: starts the series today instead of next week
def weekly_staff_meeting_with_reports(world):
    import datetime

    reports = next(p for p in world.employees if p["is_user"])["reports"]
    start = datetime.datetime.combine(world.now.date(), datetime.time(14, 0))
    world.calendar.append(
        {
            "subject": "Staff meeting",
            "attendees": reports,
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
            "repeats": {"frequency": "weekly", "max_repetitions": 6},
        }
    )


# Wrong: ends the series six weeks after the first meeting, giving seven meetings
def weekly_staff_meeting_with_reports(world):
    import datetime

    reports = next(p for p in world.employees if p["is_user"])["reports"]
    first = world.now.date() + datetime.timedelta(days=7)
    start = datetime.datetime.combine(first, datetime.time(14, 0))
    world.calendar.append(
        {
            "subject": "Staff meeting",
            "attendees": reports,
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
            "repeats": {"frequency": "weekly", "recurs_until": first + datetime.timedelta(weeks=6)},
        }
    )
