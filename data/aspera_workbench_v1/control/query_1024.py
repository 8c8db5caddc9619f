# Hey, [Assistant], on every weekday from tomorrow through Friday next week that has fewer than three meetings, book a 1-hour focus block at 2 PM, or at 3 PM if 2 PM is taken.
def focus_blocks_until_next_friday(world):
    """On each weekday from tomorrow to Friday of next week with fewer than
    three meetings, book a one-hour focus block at 2 PM, or at 3 PM when
    2 PM is taken. Nothing is booked if a day has neither hour free."""
    import datetime

    today = world.now.date()
    last_day = today + datetime.timedelta(days=7 - today.weekday() + 4)
    # single events and occurrences; series entries only carry the rule
    meetings = [event for event in world.calendar if event["repeats"] is None]
    plan = []
    day = today + datetime.timedelta(days=1)
    while day <= last_day:
        if day.weekday() < 5:
            todays = [m for m in meetings if m["starts_at"].date() == day]
            if len(todays) < 3:
                chosen = None
                for hour in (14, 15):
                    start = datetime.datetime.combine(day, datetime.time(hour, 0))
                    end = start + datetime.timedelta(hours=1)
                    if not any(m["starts_at"] < end and start < m["ends_at"] for m in todays):
                        chosen = (start, end)
                        break
                if chosen is None:
                    raise world.RequiresUserInput(f"Both 2 PM and 3 PM are taken on {day}. Which hour?")
                plan.append(chosen)
        day += datetime.timedelta(days=1)
    for start, end in plan:
        world.calendar.append({"subject": "Focus time", "starts_at": start, "ends_at": end})
