# Wrong: shares the calendar with the manager's manager instead of the manager
def share_calendar_with_my_manager():
    manager = find_manager_of(get_current_user())
    share_calendar([find_manager_of(manager)])


# Wrong: also shares with the manager's manager
def share_calendar_with_my_manager():
    manager = find_manager_of(get_current_user())
    share_calendar([manager, find_manager_of(manager)])
