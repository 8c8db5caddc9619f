# Wrong: one week from today instead of two
def check_in_with_cosmo_in_two_weeks(world):
    import datetime

    cosmo = next(p for p in world.employees if p["name"] == "Cosmo")
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=7), datetime.time(16, 0))
    world.calendar.append(
        {
            "subject": "Check-in",
            "attendees": [cosmo["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=20),
        }
    )


# Wrong: 4 AM instead of 4 PM
def check_in_with_cosmo_in_two_weeks(world):
    import datetime

    cosmo = next(p for p in world.employees if p["name"] == "Cosmo")
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=14), datetime.time(4, 0))
    world.calendar.append(
        {
            "subject": "Check-in",
            "attendees": [cosmo["employee_id"]],
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=20),
        }
    )
