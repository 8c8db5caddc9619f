# Hey, [Assistant], cancel this Friday's vendor contract review.
def cancel_friday_vendor_contract_review(world):
    """Delete the vendor contract review that takes place this Friday."""
    import datetime

    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7)
    reviews = [
        event
        for event in world.calendar
        if event["repeats"] is None
        and "vendor contract review" in (event["subject"] or "").lower()
        and event["starts_at"].date() == friday
    ]
    # exactly one meeting must answer the description before deleting it
    if len(reviews) != 1:
        raise world.RequiresUserInput(
            f"I found {len(reviews)} vendor contract reviews on Friday. Which one should I cancel?"
        )
    world.calendar.remove(reviews[0])
