# Wrong: matches attendees exactly, so the workshop that Odile also attends is skipped
def prep_blocks_before_magnus_meetings(world):
    import datetime

    magnus = next(p for p in world.employees if p["name"] == "Magnus")["employee_id"]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for meeting in [e for e in world.calendar if e["repeats"] is None and e["attendees"] == [magnus]]:
        if monday <= meeting["starts_at"].date() <= monday + datetime.timedelta(days=6):
            world.calendar.append(
                {
                    "subject": "Prep",
                    "starts_at": meeting["starts_at"] - datetime.timedelta(minutes=15),
                    "ends_at": meeting["starts_at"],
                }
            )


# Wrong: ignores the occurrences of the weekly series, so Friday's call gets no prep
def prep_blocks_before_magnus_meetings(world):
    import datetime

    magnus = next(p for p in world.employees if p["name"] == "Magnus")["employee_id"]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for meeting in [e for e in world.calendar if e["repeats"] is None and e["recurrent_event_id"] is None]:
        if magnus in (meeting["attendees"] or []) and monday <= meeting["starts_at"].date() <= monday + datetime.timedelta(days=6):
            world.calendar.append(
                {
                    "subject": "Prep",
                    "starts_at": meeting["starts_at"] - datetime.timedelta(minutes=15),
                    "ends_at": meeting["starts_at"],
                }
            )


# Wrong: puts the prep block right after each meeting instead of before it
def prep_blocks_before_magnus_meetings(world):
    import datetime

    magnus = next(p for p in world.employees if p["name"] == "Magnus")["employee_id"]
    monday = world.now.date() + datetime.timedelta(days=7 - world.now.weekday())
    for meeting in [e for e in world.calendar if e["repeats"] is None]:
        if magnus in (meeting["attendees"] or []) and monday <= meeting["starts_at"].date() <= monday + datetime.timedelta(days=6):
            world.calendar.append(
                {
                    "subject": "Prep",
                    "starts_at": meeting["ends_at"],
                    "ends_at": meeting["ends_at"] + datetime.timedelta(minutes=15),
                }
            )
