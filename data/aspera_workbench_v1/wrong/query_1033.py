# Wrong: checks this week instead of next week
def is_tobiah_away_next_week() -> bool:
    tobiah = find_employee("Tobiah")[0]
    week = this_week_dates()
    for holiday in get_vacation_schedule(tobiah) or []:
        if holiday.start.date() <= week[-1] and holiday.end.date() >= week[0]:
            return True
    return False


# Wrong: answers yes as soon as Tobiah has any holiday on record
def is_tobiah_away_next_week() -> bool:
    tobiah = find_employee("Tobiah")[0]
    return bool(get_vacation_schedule(tobiah))
