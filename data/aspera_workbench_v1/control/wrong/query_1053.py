# Wrong: only finds one-to-ones (a single attendee), so the group meeting with Wystan is kept
def cancel_meetings_with_teammates_on_holiday(world):
    import datetime

    me = next(p for p in world.employees if p["is_user"])
    team = {p["employee_id"] for p in world.employees if p["team"] == me["team"] and p is not me}
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    sunday = monday + datetime.timedelta(days=6)
    world.calendar[:] = [
        e
        for e in world.calendar
        if not (
            len(e["attendees"] or []) == 1
            and e["attendees"][0] in team
            and monday <= e["starts_at"].date() <= sunday
            and any(
                v["employee_id"] == e["attendees"][0] and v["start"].date() <= e["starts_at"].date() <= v["end"].date()
                for v in world.vacations
            )
        )
    ]


# Wrong: cancels meetings with anyone on holiday, including Dariusz from Finance
def cancel_meetings_with_teammates_on_holiday(world):
    import datetime

    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    sunday = monday + datetime.timedelta(days=6)
    world.calendar[:] = [
        e
        for e in world.calendar
        if not (
            monday <= e["starts_at"].date() <= sunday
            and any(
                v["employee_id"] in (e["attendees"] or []) and v["start"].date() <= e["starts_at"].date() <= v["end"].date()
                for v in world.vacations
            )
        )
    ]
