# Hey, [Assistant], set up a weekly 1-hour staff meeting with all my direct reports on Tuesdays at 2 PM, starting next week and running for six weeks.
def weekly_staff_meeting_with_reports(world):
    """Create a weekly series of six 1-hour meetings with all of the user's
    direct reports, on Tuesdays at 2 PM from next week."""
    import datetime

    reports = next(p for p in world.employees if p["employee_id"] == world.user_id)["reports"]
    if not reports:
        raise world.RequiresUserInput("Nobody reports to you.")
    today = world.now.date()
    first_tuesday = today + datetime.timedelta(days=7 - today.weekday() + 1)
    starts_at = datetime.datetime.combine(first_tuesday, datetime.time(14, 0))
    world.calendar.append(
        {
            "subject": "Staff meeting",
            "attendees": list(reports),
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(hours=1),
            "repeats": {"frequency": "weekly", "max_repetitions": 6},
        }
    )
