# Hey, [Assistant], which of Aurelio, Bronagh, Cosima and Darragh are free tomorrow from 3 to 4 PM?
def who_is_free_tomorrow_three_to_four(world) -> list:
    """Return the names of those four colleagues who are neither on
    vacation nor in a meeting tomorrow between 3 and 4 PM."""
    import datetime

    tomorrow = world.now.date() + datetime.timedelta(days=1)
    start = datetime.datetime.combine(tomorrow, datetime.time(15, 0))
    end = datetime.datetime.combine(tomorrow, datetime.time(16, 0))
    free = []
    for name in ["Aurelio", "Bronagh", "Cosima", "Darragh"]:
        people = [p for p in world.employees if name.lower() in p["name"].lower()]
        if len(people) != 1:
            raise world.RequiresUserInput(f"I found {len(people)} colleagues called {name}. Who do you mean?")
        person = people[0]
        # anything that only touches the hour (ends at 3 or starts at 4) leaves it free
        if any(v["employee_id"] == person["employee_id"] and v["start"] < end and start < v["end"] for v in world.vacations):
            continue
        busy = any(
            e["repeats"] is None and e["show_as_status"] != "free" and e["starts_at"] < end and start < e["ends_at"]
            for e in world.colleague_calendars.get(person["employee_id"], [])
        )
        if not busy:
            free.append(person["name"])
    return free
