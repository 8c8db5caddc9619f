# Wrong: answers whether Juniper has any free time at all tomorrow
def is_juniper_free_tomorrow_two_to_three() -> bool:
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    return len(find_available_time_slots("Juniper", [tomorrow])) > 0


# Wrong: checks today's 2 to 3 PM instead of tomorrow's
def is_juniper_free_today_two_to_three() -> bool:
    today = now_().date()
    wanted = TimeInterval(
        start=combine(today, time_by_hm(2, 0, "pm")),
        end=combine(today, time_by_hm(3, 0, "pm")),
    )
    free_slots = find_available_time_slots("Juniper", [wanted])
    return any(slot.includes(wanted) for slot in free_slots)
