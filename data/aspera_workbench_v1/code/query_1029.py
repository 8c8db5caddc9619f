from aspera.apps_implementation.exceptions import *
from aspera.apps_implementation.time_utils import *
from aspera.apps_implementation.company_directory import *
from aspera.apps_implementation.work_calendar import *
from aspera.runtime_state_generation_tools_implementation.room_booking import *
from aspera.runtime_state_generation_tools_implementation.company_directory import *
from aspera.runtime_state_generation_tools_implementation.work_calendar import *
from typing import Any, Callable
from aspera.execution_evaluation_tools_implementation.exceptions import *
from aspera.execution_evaluation_tools_implementation.work_calendar import *
from aspera.execution_evaluation_tools_implementation.time_utils import *


# OK:
# Hey, [Assistant], share my calendar with my manager.
# Tags: action, org_structure, shared_calendar
# Apps: no room_booking
def share_calendar_with_my_manager():
    """Make the user's calendar visible to the user's manager."""

    me = get_current_user()
    # the manager is resolved through the directory, not by name
    manager = find_manager_of(me)
    if manager is None:
        raise RequiresUserInput("You have no manager in the company directory.")
    share_calendar([manager])


# OK:
def setup_env_share_calendar_with_my_manager():
    """World in which the user asks:

    Hey, [Assistant], share my calendar with my manager.

    The user is a team member in Finance. The calendar holds a few meetings,
    one with the manager and one with the manager's own manager, so a program
    that shares with the wrong person (or with everybody it meets) is caught.
    """

    import datetime

    simulate_org_structure(
        ["Saoirse", "Jolyon", "Mireille", "Quillon"], user_team=Team.Finance
    )
    me = get_current_user()
    manager = find_manager_of(me)
    skip_level = find_manager_of(manager)
    saoirse = find_employee("Saoirse")[0]

    tomorrow = now_().date() + datetime.timedelta(days=1)
    friday = get_next_dow("Friday")
    plan = [
        (manager, tomorrow, time_by_hm(10, 0, "am"), 30, "Forecast check-in"),
        (skip_level, friday, time_by_hm(2, 0, "pm"), 45, "Quarter close"),
        (saoirse, friday, time_by_hm(11, 0, "am"), 30, "Invoice backlog"),
    ]
    events = []
    for colleague, day, at, minutes, subject in plan:
        start = combine(day, at)
        events.append(
            Event(
                attendees=[colleague],
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
        )
    simulate_user_calendar(events)


def evaluate_share_calendar_with_my_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], share my calendar with my manager.

    The calendar must end up shared with the user's manager and nobody else
    (one or several calls, but no extra or repeated recipient), and the
    calendar itself must not change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `share_calendar_with_my_manager`.
    setup_function
        `setup_env_share_calendar_with_my_manager`, which builds the world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    manager = find_manager_of(get_current_user())
    try:
        assert_user_calendar_shared([manager])
    except AssertionError:
        raise SolutionError(
            f"the calendar must be shared with exactly the user's manager "
            f"{manager.name}, once"
        )
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError("sharing the calendar must not change its events")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_share_calendar_with_my_manager(
            query="",
            executable=share_calendar_with_my_manager,
            setup_function=setup_env_share_calendar_with_my_manager,
        )
