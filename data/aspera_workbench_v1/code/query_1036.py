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
# Hey, [Assistant], book a 20-minute check-in with my assistant tomorrow at 9:30 AM.
# Tags: handback, action, conditional, org_structure
# Apps: no room_booking
def check_in_with_my_assistant():
    """Book a 20-minute check-in with the user's assistant tomorrow at
    9:30 AM, or ask the user when they have no assistant."""

    me = get_current_user()
    # only the CEO, the COO and the CFO have assistants
    assistant = get_assistant(me)
    if assistant is None:
        raise RequiresUserInput(
            "You don't have an assistant in the company directory. "
            "Who should I book the check-in with?"
        )
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    starts_at = combine(tomorrow, time_by_hm(9, 30, "am"))
    ends_at = modify(
        starts_at,
        Duration(20, TimeUnits.Minutes),
        operator=DateTimeClauseOperators.add,
    )
    add_event(
        Event(
            attendees=[assistant],
            subject="Check-in",
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


# OK:
def setup_env_check_in_with_my_assistant():
    """World in which the user asks:

    Hey, [Assistant], book a 20-minute check-in with my assistant tomorrow at 9:30 AM.

    The user is an ordinary team member in Finance, so the directory lists no
    assistant for them; the leaders' assistants exist but work for the CEO,
    the COO and the CFO. The calendar already has two meetings.
    """

    import datetime

    simulate_org_structure(
        ["Petronella", "Ulrich", "Marisol"], user_team=Team.Finance
    )
    me = get_current_user()
    manager = find_manager_of(me)
    ulrich = find_employee("Ulrich")[0]

    tomorrow = now_().date() + datetime.timedelta(days=1)
    plan = [
        (manager, tomorrow, time_by_hm(11, 0, "am"), 30, "Month-end tasks"),
        (ulrich, tomorrow, time_by_hm(3, 0, "pm"), 30, "Expense policy"),
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


# OK:
def setup_env_check_in_with_my_assistant():
    """World in which the user asks:

    Hey, [Assistant], book a 20-minute check-in with my assistant tomorrow at 9:30 AM.

    The contrasting world: the user is the CFO, so the directory lists an
    assistant for them, and the check-in must be booked with that assistant
    tomorrow from 9:30 to 9:50. The calendar already has two meetings.
    """

    import datetime

    simulate_org_structure(
        ["Petronella", "Ulrich", "Marisol"], user_role="CFO"
    )
    me = get_current_user()
    peer = find_team_of(me)[0]
    ulrich = find_employee("Ulrich")[0]

    tomorrow = now_().date() + datetime.timedelta(days=1)
    plan = [
        (peer, tomorrow, time_by_hm(11, 0, "am"), 30, "Month-end tasks"),
        (ulrich, tomorrow, time_by_hm(3, 0, "pm"), 30, "Expense policy"),
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


def evaluate_check_in_with_my_assistant(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book a 20-minute check-in with my assistant tomorrow at 9:30 AM.

    The user has no assistant, so the program must hand control back by
    raising `RequiresUserInput`, without having changed or shared the
    calendar first.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `check_in_with_my_assistant`.
    setup_function
        `setup_env_check_in_with_my_assistant`, which builds the world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    try:
        _ = executable()
    except RequiresUserInput:
        if (
            find_events() != upcoming_before
            or find_past_events() != past_before
        ):
            raise SolutionError(
                "the calendar was changed before asking the user for input"
            )
        try:
            assert_user_calendar_shared([])
        except AssertionError:
            raise SolutionError(
                "the calendar was shared before asking the user for input"
            )
    else:
        raise SolutionError(
            "the user has no assistant: expected RequiresUserInput, "
            "but the program finished without asking"
        )


def evaluate_check_in_with_my_assistant(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book a 20-minute check-in with my assistant tomorrow at 9:30 AM.

    Contrasting world: the user (the CFO) has an assistant, so exactly one
    event must be added, tomorrow (2024-06-26) from 09:30 to 09:50, with
    the assistant as the only attendee (the user may be listed too).
    Nothing else may change and the calendar must not be shared.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before or any(
        e not in upcoming_after for e in upcoming_before
    ):
        raise SolutionError("existing events must not change")
    try:
        assert_user_calendar_shared([])
    except AssertionError:
        raise SolutionError("the calendar must not be shared")
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(added) != 1:
        raise SolutionError(f"expected one new event, found {len(added)}")
    check_in = added[0]
    start = datetime.datetime(2024, 6, 26, 9, 30)
    end = start + datetime.timedelta(minutes=20)
    if check_in.starts_at != start or check_in.ends_at != end:
        raise SolutionError(
            "expected the check-in on 2024-06-26 from 09:30 to 09:50, found "
            f"{check_in.starts_at} to {check_in.ends_at}"
        )
    me = get_current_user()
    if [p for p in check_in.attendees or [] if p != me] != [get_assistant(me)]:
        raise SolutionError(
            "expected the user's assistant as the only attendee, found "
            + ", ".join(p.name for p in check_in.attendees or [])
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_check_in_with_my_assistant(
            query="",
            executable=check_in_with_my_assistant,
            setup_function=setup_env_check_in_with_my_assistant,
        )
