# Hey, [Assistant], set up a 20-minute intro at 11 AM with everyone on my team, my manager included, who joined after the end of May: one intro per working day starting tomorrow, in alphabetical order of name.
def intros_with_new_teammates(world):
    """Book 20-minute intros at 11 AM with the user's teammates who joined
    after 31 May, one per working day from tomorrow, in name order."""
    import datetime

    me = next(p for p in world.employees if p["employee_id"] == world.user_id)
    cutoff = datetime.date(world.now.year, 5, 31)
    newcomers = sorted(
        (p for p in world.employees if p["team"] == me["team"] and p is not me and p["joined_date"] > cutoff),
        key=lambda person: person["name"],
    )
    day = world.now.date() + datetime.timedelta(days=1)
    for person in newcomers:
        # Saturday is 5 and Sunday is 6
        while day.weekday() > 4:
            day += datetime.timedelta(days=1)
        starts_at = datetime.datetime.combine(day, datetime.time(11, 0))
        world.calendar.append(
            {
                "subject": f"Intro with {person['name']}",
                "attendees": [person["employee_id"]],
                "starts_at": starts_at,
                "ends_at": starts_at + datetime.timedelta(minutes=20),
            }
        )
        day += datetime.timedelta(days=1)
