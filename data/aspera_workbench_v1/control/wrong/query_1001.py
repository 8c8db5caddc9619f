# Wrong: books the block tomorrow instead of the day after tomorrow
def block_focused_writing_time(world):
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    world.calendar.append(
        {
            "subject": "Focused writing",
            "starts_at": datetime.datetime.combine(tomorrow, datetime.time(15, 0)),
            "ends_at": datetime.datetime.combine(tomorrow, datetime.time(16, 0)),
        }
    )


# Wrong: gives the block the default 16-minute length instead of ending it at 4 PM
def block_focused_writing_time(world):
    import datetime

    start = datetime.datetime.combine(world.now.date() + datetime.timedelta(days=2), datetime.time(15, 0))
    world.calendar.append(
        {
            "subject": "Focused writing",
            "starts_at": start,
            "ends_at": start + datetime.timedelta(minutes=16),
        }
    )
