# Wrong: counts the user too
def count_my_managers_other_reports() -> int:
    return len(find_reports_of(find_manager_of(get_current_user())))


# Wrong: counts the whole team other than the manager, second-level reports included
def count_my_managers_other_reports() -> int:
    me = get_current_user()
    manager = find_manager_of(me)
    return len([p for p in find_team_of(me) if p != manager])
