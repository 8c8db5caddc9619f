# Hey, [Assistant], block 3 to 4 PM the day after tomorrow for focused writing.
def block_focused_writing_time(world):
    """Add a one-hour block without attendees from 3 to 4 PM, two days from
    today."""
    import datetime

    day = world.now.date() + datetime.timedelta(days=2)
    world.calendar.append(
        {
            "subject": "Focused writing",
            "starts_at": datetime.datetime.combine(day, datetime.time(15, 0)),
            "ends_at": datetime.datetime.combine(day, datetime.time(16, 0)),
        }
    )
