# Hey, [Assistant], set up a 30-minute one-to-one with each of my direct reports next Monday, back to back starting at 10 AM.
def one_to_ones_with_reports_next_monday(world):
    """Book consecutive 30-minute one-to-ones next Monday, one per direct
    report of the user, the first starting at 10 AM."""
    import datetime

    by_id = {person["employee_id"]: person for person in world.employees}
    reports = sorted((by_id[i] for i in by_id[world.user_id]["reports"]), key=lambda person: person["name"])
    if not reports:
        raise world.RequiresUserInput("Nobody reports to you, so there is no one to meet.")
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    starts_at = datetime.datetime.combine(monday, datetime.time(10, 0))
    for report in reports:
        ends_at = starts_at + datetime.timedelta(minutes=30)
        world.calendar.append(
            {
                "subject": f"One-to-one with {report['name']}",
                "attendees": [report["employee_id"]],
                "starts_at": starts_at,
                "ends_at": ends_at,
            }
        )
        # the next meeting starts when this one ends
        starts_at = ends_at
