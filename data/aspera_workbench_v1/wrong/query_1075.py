# Wrong: lists every room with some free time in the afternoon, not the whole afternoon
def rooms_free_tomorrow_afternoon() -> list[str]:
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    afternoon = TimeInterval(
        start=combine(tomorrow, time_by_hm(1, 0, "pm")),
        end=combine(tomorrow, time_by_hm(5, 0, "pm")),
    )
    return [
        option.room.room_name
        for option in search_conference_room([afternoon])
        if option.free_slots
    ]


# Wrong: asks for rooms free for the whole working day tomorrow, which wrongly drops Delta
def rooms_free_all_day_tomorrow() -> list[str]:
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    names = []
    for option in search_conference_room([tomorrow]):
        if len(option.free_slots) == 1:
            slot = option.free_slots[0]
            if slot.start.hour == 9 and slot.end.hour == 17:
                names.append(option.room.room_name)
    return names
