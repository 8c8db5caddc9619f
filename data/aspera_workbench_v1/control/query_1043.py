# Hey, [Assistant], book a 30-minute one-to-one at 10 AM with each of my direct reports on the first weekday next week they aren't on holiday, and tell me who is off all week.
def one_to_ones_around_holidays(world) -> list:
    """For every direct report, book a 10:00-10:30 one-to-one on the first
    weekday of next week that the report is not on holiday; return the names
    of the reports who are on holiday every weekday next week."""
    import datetime

    by_id = {person["employee_id"]: person for person in world.employees}
    reports = sorted((by_id[i] for i in by_id[world.user_id]["reports"]), key=lambda person: person["name"])
    if not reports:
        raise world.RequiresUserInput("Nobody reports to you.")
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    weekdays = [monday + datetime.timedelta(days=offset) for offset in range(5)]
    off_all_week = []
    for report in reports:
        holidays = [v for v in world.vacations if v["employee_id"] == report["employee_id"]]
        free_days = [
            day for day in weekdays if not any(v["start"].date() <= day <= v["end"].date() for v in holidays)
        ]
        if not free_days:
            off_all_week.append(report["name"])
            continue
        starts_at = datetime.datetime.combine(free_days[0], datetime.time(10, 0))
        world.calendar.append(
            {
                "subject": f"One-to-one with {report['name']}",
                "attendees": [report["employee_id"]],
                "starts_at": starts_at,
                "ends_at": starts_at + datetime.timedelta(minutes=30),
            }
        )
    return off_all_week
