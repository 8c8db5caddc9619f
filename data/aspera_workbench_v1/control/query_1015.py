# Hey, [Assistant], set up a 1-hour budget review with Leontine at 2 PM on the first Tuesday of every month, starting next month, six meetings in total.
def monthly_budget_review_with_leontine(world):
    """Create a monthly series of six one-hour budget reviews with Leontine
    at 2 PM on the first Tuesday of each month, starting next month."""
    import datetime

    people = [p for p in world.employees if "leontine" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Leontine. Who do you mean?")
    today = world.now.date()
    first_tuesday = datetime.date(today.year + today.month // 12, today.month % 12 + 1, 1)
    while first_tuesday.weekday() != 1:
        first_tuesday += datetime.timedelta(days=1)
    starts_at = datetime.datetime.combine(first_tuesday, datetime.time(14, 0))
    world.calendar.append(
        {
            "subject": "Budget review",
            "attendees": [people[0]["employee_id"]],
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(hours=1),
            # the first (bysetpos 1) Tuesday (weekday 1) of each month
            "repeats": {"frequency": "monthly", "which_weekday": [1], "bysetpos": [1], "max_repetitions": 6},
        }
    )
