# Wrong: answers for the first Tamsin found instead of asking which one
def is_tamsin_on_holiday_next_week() -> bool:
    tamsin = find_employee("Tamsin")[0]
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for holiday in get_vacation_schedule(tamsin) or []:
        if (
            holiday.start.date() <= next_week.end
            and holiday.end.date() >= next_week.start
        ):
            return True
    return False


# Wrong: answers yes if any colleague called Tamsin is away, without asking
def is_tamsin_on_holiday_next_week() -> bool:
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for tamsin in find_employee("Tamsin"):
        for holiday in get_vacation_schedule(tamsin) or []:
            if (
                holiday.start.date() <= next_week.end
                and holiday.end.date() >= next_week.start
            ):
                return True
    return False
