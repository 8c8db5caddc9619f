# Hey, [Assistant], cancel every meeting next week that includes someone from my team who is on holiday on the day of that meeting.
def cancel_meetings_with_teammates_on_holiday(world):
    """Delete the meetings of next week in which at least one attendee is a
    teammate of the user who is on holiday that day."""
    import datetime

    me = next(p for p in world.employees if p["employee_id"] == world.user_id)
    team = {p["employee_id"] for p in world.employees if p["team"] == me["team"] and p is not me}
    today = world.now.date()
    monday = today + datetime.timedelta(days=7 - today.weekday())
    sunday = monday + datetime.timedelta(days=6)

    def away(employee_id, day):
        return any(
            v["employee_id"] == employee_id and v["start"].date() <= day <= v["end"].date() for v in world.vacations
        )

    def to_cancel(event):
        day = event["starts_at"].date()
        if event["repeats"] is not None or not monday <= day <= sunday:
            return False
        return any(person in team and away(person, day) for person in event["attendees"] or [])

    world.calendar[:] = [event for event in world.calendar if not to_cancel(event)]
