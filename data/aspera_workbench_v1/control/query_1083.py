# Hey, [Assistant], if I have more than five hours of meetings on Thursday, move my one-on-one with Idony that day to Friday at the same time.
def lighten_thursday_by_moving_idony(world):
    """Move Thursday's one-on-one with Idony to Friday at the same time,
    but only if Thursday's meetings add up to more than five hours."""
    import datetime

    people = [p for p in world.employees if "idony" in p["name"].lower()]
    if len(people) != 1:
        raise world.RequiresUserInput(f"I found {len(people)} colleagues called Idony. Who do you mean?")
    idony = people[0]["employee_id"]
    today = world.now.date()
    thursday = today + datetime.timedelta(days=(3 - today.weekday()) % 7)
    on_thursday = [e for e in world.calendar if e["repeats"] is None and e["starts_at"].date() == thursday]
    booked = sum((e["ends_at"] - e["starts_at"] for e in on_thursday), datetime.timedelta(0))
    if booked <= datetime.timedelta(hours=5):
        return
    one_on_ones = [e for e in on_thursday if e["attendees"] == [idony]]
    if len(one_on_ones) != 1:
        raise world.RequiresUserInput("Which meeting with Idony should I move?")
    meeting = one_on_ones[0]
    meeting["starts_at"] += datetime.timedelta(days=1)
    meeting["ends_at"] += datetime.timedelta(days=1)
