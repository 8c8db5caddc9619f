# Wrong: skips occurrences of recurring events, missing the stand-up
def marisol_meeting_minutes_thursday(world) -> int:
    import datetime

    marisol = next(p for p in world.employees if p["name"] == "Marisol")["employee_id"]
    thursday = world.now.date() + datetime.timedelta(days=2)
    return int(
        sum(
            (e["ends_at"] - e["starts_at"]).total_seconds() // 60
            for e in world.colleague_calendars[marisol]
            if e["recurrent_event_id"] is None and e["starts_at"].date() == thursday
        )
    )


# Wrong: looks at the user's own meetings with Marisol instead of her calendar
def marisol_meeting_minutes_thursday(world) -> int:
    import datetime

    marisol = next(p for p in world.employees if p["name"] == "Marisol")["employee_id"]
    thursday = world.now.date() + datetime.timedelta(days=2)
    return int(
        sum(
            (e["ends_at"] - e["starts_at"]).total_seconds() // 60
            for e in world.calendar
            if marisol in (e["attendees"] or []) and e["starts_at"].date() == thursday
        )
    )
