# Correct: answers in a sentence starting with yes or no, asking when the name is ambiguous
def is_tamsin_on_holiday_next_week() -> str:
    import datetime

    people = find_employee("Tamsin")
    if len(people) != 1:
        raise RequiresUserInput(f"{len(people)} colleagues are called Tamsin. Which one?")
    monday = get_next_dow("Monday")
    sunday = monday + datetime.timedelta(days=6)
    for holiday in get_vacation_schedule(people[0]) or []:
        if holiday.start.date() <= sunday and holiday.end.date() >= monday:
            return f"Yes, {people[0].name} is off from {holiday.start:%Y-%m-%d} to {holiday.end:%Y-%m-%d}."
    return f"No, {people[0].name} is not on holiday next week."


# Wrong: only counts holidays that start next week
def is_tamsin_on_holiday_next_week() -> bool:
    import datetime

    people = find_employee("Tamsin")
    if len(people) != 1:
        raise RequiresUserInput("Which Tamsin?")
    monday = get_next_dow("Monday")
    return any(monday <= h.start.date() <= monday + datetime.timedelta(days=6) for h in get_vacation_schedule(people[0]) or [])


# Wrong: answers yes whenever the name is unambiguous, without looking at the holidays
def is_tamsin_on_holiday_next_week() -> bool:
    if len(find_employee("Tamsin")) != 1:
        raise RequiresUserInput("Which Tamsin?")
    return True


# Wrong: answers whether anybody at all is on holiday next week
def is_tamsin_on_holiday_next_week() -> bool:
    import datetime

    if len(find_employee("Tamsin")) != 1:
        raise RequiresUserInput("Which Tamsin?")
    monday = get_next_dow("Monday")
    sunday = monday + datetime.timedelta(days=6)
    return any(
        h.start.date() <= sunday and h.end.date() >= monday
        for person in get_all_employees()
        for h in get_vacation_schedule(person) or []
    )
