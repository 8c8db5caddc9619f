# Wrong: also cancels meetings where Fenella and Ruairi are joined by others
def cancel_meetings_with_fenella_and_ruairi(world):
    ids = {p["employee_id"] for p in world.employees if p["name"] in ("Fenella", "Ruairi")}
    world.calendar[:] = [
        e
        for e in world.calendar
        if not (e["recurrent_event_id"] is None and e["starts_at"] >= world.now and ids <= set(e["attendees"] or []))
    ]


# Wrong: cancels only the first matching meeting
def cancel_meetings_with_fenella_and_ruairi(world):
    ids = {p["employee_id"] for p in world.employees if p["name"] in ("Fenella", "Ruairi")}
    matches = sorted(
        (
            e
            for e in world.calendar
            if e["recurrent_event_id"] is None and e["starts_at"] >= world.now and set(e["attendees"] or []) == ids
        ),
        key=lambda e: e["starts_at"],
    )
    world.calendar.remove(matches[0])


# Wrong: cancels only the first occurrence of the weekly series, not the series
def cancel_meetings_with_fenella_and_ruairi(world):
    ids = {p["employee_id"] for p in world.employees if p["name"] in ("Fenella", "Ruairi")}
    matches = [
        e
        for e in world.calendar
        if e["recurrent_event_id"] is None and e["starts_at"] >= world.now and set(e["attendees"] or []) == ids
    ]
    for meeting in matches:
        if meeting["repeats"] is None:
            world.calendar.remove(meeting)
        else:
            first = min(
                (e for e in world.calendar if e["recurrent_event_id"] == meeting["event_id"]),
                key=lambda e: e["starts_at"],
            )
            world.calendar.remove(first)
