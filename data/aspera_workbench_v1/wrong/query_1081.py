# Wrong: books Maple without checking whether it is free
def product_demo_with_sabela_in_maple_or_willow():
    sabela = find_employee("Sabela")[0]
    start = combine(get_next_dow("Thursday"), time_by_hm(10, 0, "am"))
    add_event(
        Event(
            attendees=[sabela],
            subject="Product demo",
            location="Maple",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
        )
    )


# Wrong: checks Maple's availability on Wednesday instead of Thursday
def demo_checking_wednesday():
    sabela = find_employee("Sabela")[0]
    wednesday = get_next_dow("Wednesday")
    check = TimeInterval(
        start=combine(wednesday, time_by_hm(10, 0, "am")),
        end=combine(wednesday, time_by_hm(11, 0, "am")),
    )
    free = any(
        s.includes(check) for s in find_available_time_slots("Maple", [check])
    )
    start = combine(get_next_dow("Thursday"), time_by_hm(10, 0, "am"))
    add_event(
        Event(
            attendees=[sabela],
            subject="Product demo",
            location="Maple" if free else "Willow",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
        )
    )


# Wrong: counts Maple as free if it has any free time on Thursday
def demo_if_maple_has_any_free_time():
    sabela = find_employee("Sabela")[0]
    thursday = get_next_dow("Thursday")
    free = bool(find_available_time_slots("Maple", [thursday]))
    start = combine(thursday, time_by_hm(10, 0, "am"))
    add_event(
        Event(
            attendees=[sabela],
            subject="Product demo",
            location="Maple" if free else "Willow",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
        )
    )
