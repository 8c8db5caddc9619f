# Wrong: includes the manager
def share_calendar_with_team_but_not_manager():
    share_calendar(find_team_of(get_current_user()))


# Wrong: leaves out every manager in the team, not only the user's manager
def share_calendar_with_team_but_not_manager():
    recipients = [
        colleague
        for colleague in find_team_of(get_current_user())
        if get_employee_profile(colleague).role != "Manager"
    ]
    share_calendar(recipients)
