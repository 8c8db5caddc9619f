# Wrong: books the block tomorrow instead of the day after tomorrow
def block_focused_writing_time():
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    add_event(
        Event(
            subject="Focused writing",
            starts_at=combine(tomorrow, time_by_hm(3, 0, "pm")),
            ends_at=combine(tomorrow, time_by_hm(4, 0, "pm")),
        )
    )


# Wrong: leaves out the end time, so the block gets the 16-minute default
def block_focused_writing_time():
    day = now_().date() + datetime.timedelta(days=2)
    add_event(
        Event(
            subject="Focused writing",
            starts_at=combine(day, time_by_hm(3, 0, "pm")),
        )
    )
