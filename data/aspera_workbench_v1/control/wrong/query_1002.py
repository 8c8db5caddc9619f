# Wrong: cancels every upcoming vendor contract review, not only Friday's
def cancel_friday_vendor_contract_review(world):
    world.calendar[:] = [
        event
        for event in world.calendar
        if not (
            "vendor contract review" in (event["subject"] or "").lower()
            and event["starts_at"] >= world.now
        )
    ]


# Wrong: cancels all of Friday's meetings with the same people
def cancel_friday_vendor_contract_review(world):
    import datetime

    friday = world.now.date() + datetime.timedelta(days=(4 - world.now.weekday()) % 7)
    review = next(e for e in world.calendar if "vendor contract review" in (e["subject"] or "").lower())
    world.calendar[:] = [
        event
        for event in world.calendar
        if not (event["starts_at"].date() == friday and event["attendees"] == review["attendees"])
    ]
