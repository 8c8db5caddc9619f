# Hey, [Assistant], add Zebedee to my product demo on Friday.
def add_zebedee_to_product_demo(world):
    """Invite Zebedee to this Friday's product demo; ask the user when
    Zebedee or the demo cannot be identified."""
    import datetime

    people = [p for p in world.employees if "zebedee" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(
            f"I found {len(people)} colleagues called Zebedee. Could you tell me who you mean?"
        )
    zebedee = people[0]["employee_id"]
    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7)
    demos = [
        event
        for event in world.calendar
        if event["repeats"] is None
        and "product demo" in (event["subject"] or "").lower()
        and event["starts_at"].date() == friday
    ]
    if len(demos) != 1:
        raise world.RequiresUserInput(f"I found {len(demos)} product demos on Friday. Which one?")
    demo = demos[0]
    if zebedee not in (demo["attendees"] or []):
        demo["attendees"] = (demo["attendees"] or []) + [zebedee]
