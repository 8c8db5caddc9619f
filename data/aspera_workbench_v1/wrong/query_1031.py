# Wrong: counts Finance people who joined in the last twelve months, not this calendar year
def count_finance_joiners_this_year() -> int:
    cutoff = now_().date() - datetime.timedelta(days=365)
    count = 0
    for person in get_all_employees():
        profile = get_employee_profile(person)
        if profile.team == Team.Finance and profile.joined_date > cutoff:
            count += 1
    return count


# Wrong: counts the joiners of the user's own team (Engineering) instead of Finance
def count_finance_joiners_this_year() -> int:
    me = get_current_user()
    count = 0
    for person in find_team_of(me):
        if get_employee_profile(person).joined_date.year == now_().year:
            count += 1
    return count
