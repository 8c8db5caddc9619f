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
# Hey, [Assistant], share my calendar with everyone on my team except my manager.
# Tags: action, org_structure, shared_calendar, loop
# Apps: no room_booking
def share_calendar_with_team_but_not_manager():
    """Share the user's calendar with every member of the user's team other
    than the user's manager."""

    me = get_current_user()
    manager = find_manager_of(me)
    recipients = []
    for colleague in find_team_of(me):
        if colleague != manager:
            recipients.append(colleague)
    if not recipients:
        raise RequiresUserInput("Apart from your manager, your team is empty.")
    share_calendar(recipients)


# OK:
def setup_env_share_calendar_with_team_but_not_manager():
    """World in which the user asks:

    Hey, [Assistant], share my calendar with everyone on my team except my manager.

    The user is a team member in Sales & Marketing; the team also contains
    the team's manager, a second-level manager (who is not the user's
    manager) and two more colleagues. The calendar holds meetings with the
    manager, a teammate and someone from Engineering.
    """

    import datetime

    simulate_org_structure(
        ["Zuleika", "Quillon", "Rosamund"],
        user_team=Team.SalesMarketing,
        teams_to_extend={Team.SalesMarketing: ["Teodor", "Vasilisa"]},
    )
    me = get_current_user()
    manager = find_manager_of(me)
    teammates = [c for c in find_team_of(me) if c != manager]
    outsiders = [
        person
        for person in get_all_employees()
        if get_employee_profile(person).team == Team.Engineering
    ]

    tomorrow = now_().date() + datetime.timedelta(days=1)
    thursday = get_next_dow("Thursday")
    plan = [
        ([manager], tomorrow, time_by_hm(9, 30, "am"), 30, "Pipeline review"),
        (teammates[:1], tomorrow, time_by_hm(1, 0, "pm"), 45, "Campaign brief"),
        (outsiders[:1], thursday, time_by_hm(11, 0, "am"), 30, "Pricing page"),
    ]
    events = []
    for people, day, at, minutes, subject in plan:
        start = combine(day, at)
        events.append(
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
        )
    simulate_user_calendar(events)


def evaluate_share_calendar_with_team_but_not_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], share my calendar with everyone on my team except my manager.

    Every member of the user's team except the manager must get access
    exactly once (in one call or several); nobody else may, and the calendar
    itself must not change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `share_calendar_with_team_but_not_manager`.
    setup_function
        `setup_env_share_calendar_with_team_but_not_manager`, which builds the
        world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    # the team is everyone in the user's department other than the user
    me = get_current_user()
    my_team = get_employee_profile(me).team
    manager = find_manager_of(me)
    expected = [
        person
        for person in get_all_employees()
        if get_employee_profile(person).team == my_team
        and person != me
        and person != manager
    ]
    try:
        assert_user_calendar_shared(expected)
    except AssertionError:
        names = ", ".join(person.name for person in expected)
        raise SolutionError(
            f"the calendar must be shared exactly once with each of {names} "
            f"and with nobody else (not the manager {manager.name})"
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
        evaluate_share_calendar_with_team_but_not_manager(
            query="",
            executable=share_calendar_with_team_but_not_manager,
            setup_function=setup_env_share_calendar_with_team_but_not_manager,
        )
