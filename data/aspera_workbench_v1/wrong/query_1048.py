# Wrong: only counts holidays that start during next week, missing Verity
def sales_marketing_on_holiday_next_week() -> list[str]:
    week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    away = []
    for person in get_all_employees():
        if get_employee_profile(person).team != Team.SalesMarketing:
            continue
        for holiday in get_vacation_schedule(person) or []:
            if week.start <= holiday.start.date() <= week.end:
                away.append(person.name)
    return away


# Wrong: lists everyone in the company who is off next week, not only Sales and Marketing
def sales_marketing_on_holiday_next_week() -> list[str]:
    week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    away = []
    for person in get_all_employees():
        for holiday in get_vacation_schedule(person) or []:
            if (
                holiday.start.date() <= week.end
                and holiday.end.date() >= week.start
            ):
                away.append(person.name)
                break
    return away
