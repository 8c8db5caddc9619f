# Wrong: books every one-to-one at 10 AM instead of back to back
def one_to_ones_with_reports_next_monday(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=7 - world.now.weekday()), datetime.time(10, 0))
    for report in me["reports"]:
        world.calendar.append(
            {"subject": "One-to-one", "attendees": [report], "starts_at": start, "ends_at": start + datetime.timedelta(minutes=30)}
        )


# Wrong: meets the whole team (manager and peers included) instead of the direct reports
def one_to_ones_with_reports_next_monday(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=7 - world.now.weekday()), datetime.time(10, 0))
    for colleague in [p for p in world.employees if p["team"] == me["team"] and p is not me]:
        world.calendar.append(
            {
                "subject": "One-to-one",
                "attendees": [colleague["employee_id"]],
                "starts_at": start,
                "ends_at": start + datetime.timedelta(minutes=30),
            }
        )
        start += datetime.timedelta(minutes=30)
