# Wrong: repeats on the 2nd of each month instead of the first Tuesday
def monthly_budget_review_with_leontine(world):
    import datetime

    leontine = next(p for p in world.employees if p["name"] == "Leontine")
    start = datetime.datetime(2024, 7, 2, 14, 0)
    world.calendar.append(
        {
            "subject": "Budget review",
            "attendees": [leontine["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
            "repeats": {"frequency": "monthly", "max_repetitions": 6},
        }
    )


# Wrong: repeats every four weeks, which drifts away from the first Tuesday
def monthly_budget_review_with_leontine(world):
    import datetime

    leontine = next(p for p in world.employees if p["name"] == "Leontine")
    start = datetime.datetime(2024, 7, 2, 14, 0)
    world.calendar.append(
        {
            "subject": "Budget review",
            "attendees": [leontine["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
            "repeats": {"frequency": "weekly", "period": 4, "max_repetitions": 6},
        }
    )
