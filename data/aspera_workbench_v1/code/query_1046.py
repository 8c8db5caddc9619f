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
# Hey, [Assistant], apart from me, how many people report directly to my manager?
# Tags: information, org_structure
# Apps: no room_booking
def count_my_managers_other_reports() -> int:
    """Count the direct reports of the user's manager, leaving the user out."""

    me = get_current_user()
    manager = find_manager_of(me)
    if manager is None:
        raise RequiresUserInput("You have no manager in the directory.")
    return len([person for person in find_reports_of(manager) if person != me])


# OK:
def setup_env_count_my_managers_other_reports():
    """World in which the user asks:

    Hey, [Assistant], apart from me, how many people report directly to my manager?

    The user is a team member in Engineering, whose team is extended: some of
    the new people report to the user's manager, others to a second-level
    manager, so the whole team is larger than the set of direct reports.
    """

    simulate_org_structure(
        ["Kerensa", "Ulrich"],
        teams_to_extend={
            Team.Engineering: ["Hamish", "Oriel", "Sigrun", "Lucan", "Verity"]
        },
    )


def evaluate_count_my_managers_other_reports(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], apart from me, how many people report directly to my manager?

    The program must return the number of people whose manager is the user's
    manager, minus the user (direct reports only, not their reports), and
    must not change the calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `count_my_managers_other_reports`.
    setup_function
        `setup_env_count_my_managers_other_reports`, which builds the world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    me = get_current_user()
    manager_id = get_employee_profile(me).manager
    # everyone whose manager field names the same person, the user excluded
    peers = [
        person.name
        for person in get_all_employees()
        if person != me and get_employee_profile(person).manager == manager_id
    ]
    if isinstance(answer, bool) or not isinstance(answer, (int, float)):
        raise SolutionError(f"expected a number, got {answer!r}")
    if answer != len(peers):
        raise SolutionError(
            f"expected {len(peers)} ({', '.join(sorted(peers))}), got {answer}"
        )
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError(
            "answering the question must not change the calendar"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_count_my_managers_other_reports(
            query="",
            executable=count_my_managers_other_reports,
            setup_function=setup_env_count_my_managers_other_reports,
        )
