# Hey, [Assistant], if the Maple room is free on Thursday from 10 to 11 AM, book it for a product demo with Sabela then; otherwise use the Willow room.
def product_demo_with_sabela_in_maple_or_willow(world):
    """Create Thursday's 10-11 AM product demo with Sabela in Maple when
    Maple is free for that hour, and in Willow otherwise."""
    import datetime

    people = [p for p in world.employees if "sabela" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Sabela. Who do you mean?")
    today = world.now.date()
    thursday = today + datetime.timedelta(days=(3 - today.weekday()) % 7)
    start = datetime.datetime.combine(thursday, datetime.time(10, 0))
    end = datetime.datetime.combine(thursday, datetime.time(11, 0))
    maple_free = not any(
        b["room_name"].lower() == "maple" and b["start"] < end and start < b["end"] for b in world.room_bookings
    )
    world.calendar.append(
        {
            "subject": "Product demo",
            "attendees": [people[0]["employee_id"]],
            "location": "Maple" if maple_free else "Willow",
            "starts_at": start,
            "ends_at": end,
        }
    )
