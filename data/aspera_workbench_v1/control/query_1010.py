# Hey, [Assistant], how many meetings do I have from Monday to Friday of the last full week of July?
def count_meetings_last_full_week_of_july(world) -> int:
    """Count the meetings, occurrences of recurring series included, between
    Monday and Friday of the last Monday-to-Sunday week lying wholly in
    July."""
    import datetime

    # the last Sunday of July closes the last full week
    sunday = datetime.date(world.now.year, 7, 31)
    while sunday.weekday() != 6:
        sunday -= datetime.timedelta(days=1)
    monday = sunday - datetime.timedelta(days=6)
    friday = monday + datetime.timedelta(days=4)
    # series entries only describe their rule: count single events and occurrences
    return sum(
        1 for event in world.calendar if event["repeats"] is None and monday <= event["starts_at"].date() <= friday
    )
