# Wrong: books Maple without checking whether it is free
def product_demo_with_sabela_in_maple_or_willow(world):
    import datetime

    sabela = next(p for p in world.employees if p["name"] == "Sabela")["employee_id"]
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=2), datetime.time(10, 0))
    world.calendar.append(
        {"subject": "Product demo", "attendees": [sabela], "location": "Maple", "starts_at": start, "ends_at": start + datetime.timedelta(hours=1)}
    )


# Wrong: checks Maple's availability on Wednesday instead of Thursday
def product_demo_with_sabela_in_maple_or_willow(world):
    import datetime

    sabela = next(p for p in world.employees if p["name"] == "Sabela")["employee_id"]
    check = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=1), datetime.time(10, 0))
    free = not any(
        b["room_name"] == "Maple" and b["start"] < check + datetime.timedelta(hours=1) and check < b["end"] for b in world.room_bookings
    )
    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=2), datetime.time(10, 0))
    world.calendar.append(
        {
            "subject": "Product demo",
            "attendees": [sabela],
            "location": "Maple" if free else "Willow",
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
        }
    )


# Wrong: counts Maple as free if it has any free time on Thursday
def product_demo_with_sabela_in_maple_or_willow(world):
    import datetime

    sabela = next(p for p in world.employees if p["name"] == "Sabela")["employee_id"]
    thursday = world.now.date() + datetime.timedelta(days=2)
    day_start = datetime.datetime.combine(thursday, world.work_day_start)
    day_end = datetime.datetime.combine(thursday, world.work_day_end)
    free = not any(b["room_name"] == "Maple" and b["start"] <= day_start and b["end"] >= day_end for b in world.room_bookings)
    start = datetime.datetime.combine(thursday, datetime.time(10, 0))
    world.calendar.append(
        {
            "subject": "Product demo",
            "attendees": [sabela],
            "location": "Maple" if free else "Willow",
            "starts_at": start,
            "ends_at": start + datetime.timedelta(hours=1),
        }
    )
