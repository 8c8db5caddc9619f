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


#OK:
# Hey, [Assistant], cancel my planning session with Rosalind.
# Tags: handback, action, conditional, delete
# Apps: no room_booking
def cancel_planning_session_with_rosalind():
    """Delete the upcoming planning session with Rosalind, or ask the user
    which one is meant when there is not exactly one."""

    people = find_employee("Rosalind")
    if not people:
        raise RequiresUserInput("I could not find Rosalind in the directory.")
    sessions = []
    for rosalind in people:
        sessions += find_events(
            attendees=[rosalind], subject="planning session"
        )
    if len(sessions) != 1:
        raise RequiresUserInput(
            f"You have {len(sessions)} upcoming planning sessions with "
            "Rosalind. Which one should I cancel?"
        )
    delete_event(sessions[0])


#OK:
def setup_env_cancel_planning_session_with_rosalind():
    """World in which the user asks:

    Hey, [Assistant], cancel my planning session with Rosalind.

    Two upcoming planning sessions with Rosalind exist (this Thursday and
    next Tuesday), so the request is ambiguous. Distractors: a planning
    session with Bastian and another meeting with Rosalind.
    """

    import datetime

    simulate_org_structure(["Rosalind", "Bastian"])
    rosalind = find_employee("Rosalind")[0]
    bastian = find_employee("Bastian")[0]

    tomorrow = now_().date() + datetime.timedelta(days=1)
    thursday = get_next_dow("Thursday")
    next_tuesday = get_next_dow("Tuesday")
    friday = get_next_dow("Friday")
    ten = time_by_hm(10, 0, "am")
    plan = [
        ([rosalind], thursday, ten, 60, "Planning session"),
        ([rosalind], next_tuesday, ten, 60, "Planning session"),
        ([bastian], tomorrow, ten, 60, "Planning session"),
        ([rosalind], friday, time_by_hm(3, 0, "pm"), 30, "Offsite logistics"),
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


#OK:
def setup_env_cancel_planning_session_with_rosalind():
    """World in which the user asks:

    Hey, [Assistant], cancel my planning session with Rosalind.

    The contrasting world: one upcoming planning session with Rosalind, this
    Thursday at 10 AM, which must be cancelled. Distractors: last week's
    planning session with Rosalind, a planning session with Bastian and
    another meeting with Rosalind.
    """

    import datetime

    simulate_org_structure(["Rosalind", "Bastian"])
    rosalind = find_employee("Rosalind")[0]
    bastian = find_employee("Bastian")[0]

    tomorrow = now_().date() + datetime.timedelta(days=1)
    thursday = get_next_dow("Thursday")
    last_tuesday = now_().date() - datetime.timedelta(days=7)
    friday = get_next_dow("Friday")
    ten = time_by_hm(10, 0, "am")
    plan = [
        ([rosalind], thursday, ten, 60, "Planning session"),
        ([rosalind], last_tuesday, ten, 60, "Planning session"),
        ([bastian], tomorrow, ten, 60, "Planning session"),
        ([rosalind], friday, time_by_hm(3, 0, "pm"), 30, "Offsite logistics"),
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


def evaluate_cancel_planning_session_with_rosalind(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], cancel my planning session with Rosalind.

    Two upcoming planning sessions with Rosalind exist, so the program must
    raise `RequiresUserInput` without having deleted or changed anything.
    """

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
                "the calendar was changed before asking the user"
            )
    else:
        raise SolutionError(
            "expected RequiresUserInput: two planning sessions with Rosalind "
            "are booked"
        )


def evaluate_cancel_planning_session_with_rosalind(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], cancel my planning session with Rosalind.

    Contrasting world: the one upcoming planning session with Rosalind
    (Thursday 2024-06-27 at 10:00) must be deleted, and nothing else may
    change.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    session = [
        e
        for e in upcoming_before
        if e.starts_at == datetime.datetime(2024, 6, 27, 10, 0)
    ][0]
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if removed != [session] or added:
        raise SolutionError(
            "expected only the planning session with Rosalind on 2024-06-27 "
            f"cancelled; {len(removed)} events changed or went, {len(added)} "
            "appeared"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_cancel_planning_session_with_rosalind(
            query="",
            executable=cancel_planning_session_with_rosalind,
            setup_function=setup_env_cancel_planning_session_with_rosalind,
        )
