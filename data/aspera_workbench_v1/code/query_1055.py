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
# Hey, [Assistant], share my calendar with the assistants of the CEO, the COO and the CFO.
# Tags: action, org_structure, shared_calendar, loop
# Apps: no room_booking
def share_calendar_with_leadership_assistants():
    """Share the user's calendar with the assistants of the three leaders."""

    assistants = []
    for person in get_all_employees():
        if get_employee_profile(person).role in ("CEO", "COO", "CFO"):
            assistant = get_assistant(person)
            if assistant is not None:
                assistants.append(assistant)
    if len(assistants) != 3:
        raise RequiresUserInput(
            "I could not find all three leadership assistants."
        )
    share_calendar(assistants)


# OK:
def setup_env_share_calendar_with_leadership_assistants():
    """World in which the user asks:

    Hey, [Assistant], share my calendar with the assistants of the CEO, the COO and the CFO.

    The user is a manager in Sales & Marketing. The calendar holds a meeting
    with the COO and the COO's assistant and one with the user's own
    report, so sharing with meeting attendees or with the leaders
    themselves is wrong.
    """

    import datetime

    simulate_org_structure(
        ["Zuleika", "Benedikt", "Fenella"],
        user_role="Manager",
        user_team=Team.SalesMarketing,
    )
    coo = [
        p for p in get_all_employees() if get_employee_profile(p).role == "COO"
    ][0]
    report = find_reports_of(get_current_user())[0]

    thursday = get_next_dow("Thursday")
    plan = [
        (
            [coo, get_assistant(coo)],
            thursday,
            time_by_hm(9, 30, "am"),
            30,
            "Offsite agenda",
        ),
        ([report], thursday, time_by_hm(1, 0, "pm"), 30, "One-to-one"),
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


def evaluate_share_calendar_with_leadership_assistants(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], share my calendar with the assistants of the CEO, the COO and the CFO.

    The calendar must be shared with exactly the three leadership assistants,
    each once (in one call or several), and its events must not change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g.
        `share_calendar_with_leadership_assistants`.
    setup_function
        `setup_env_share_calendar_with_leadership_assistants`, which builds the
        world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    # the assistants are the employees whose role is Assistant, each linked
    # to one of the leaders
    expected = [
        person
        for person in get_all_employees()
        if get_employee_profile(person).role == "Assistant"
    ]
    try:
        assert_user_calendar_shared(expected)
    except AssertionError:
        raise SolutionError(
            "the calendar must be shared exactly once with each of "
            + ", ".join(p.name for p in expected)
            + " and with nobody else"
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
        evaluate_share_calendar_with_leadership_assistants(
            query="",
            executable=share_calendar_with_leadership_assistants,
            setup_function=setup_env_share_calendar_with_leadership_assistants,
        )
