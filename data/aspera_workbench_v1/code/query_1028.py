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
# Hey, [Assistant], my compliance training on Thursday has been postponed by two weeks; move it to the same time then.
# Tags: action, reschedule, relative_dates
# Apps: no room_booking
def postpone_compliance_training():
    """Move this Thursday's compliance training fourteen days later, keeping
    its time and length."""

    thursday = get_next_dow("Thursday")
    trainings = [
        event
        for event in find_events(subject="compliance training")
        if event.starts_at.date() == thursday
    ]
    if len(trainings) != 1:
        raise RequiresUserInput(
            f"I found {len(trainings)} compliance trainings on Thursday."
        )
    training = trainings[0]
    two_weeks = Duration(14, TimeUnits.Days)
    training.starts_at = modify(
        training.starts_at, two_weeks, operator=DateTimeClauseOperators.add
    )
    training.ends_at = modify(
        training.ends_at, two_weeks, operator=DateTimeClauseOperators.add
    )
    add_event(training)


#OK:
def setup_env_postpone_compliance_training():
    """World in which the user asks:

    Hey, [Assistant], my compliance training on Thursday has been postponed by two weeks; move it to the same time then.

    The compliance training is on Thursday 2024-06-27 from 1 to 3 PM, with
    Leopold as the trainer. It should move to Thursday 2024-07-11.
    Distractors: a security training on the same Thursday and a compliance
    Q&A the following week.
    """

    import datetime

    simulate_org_structure(["Leopold", "Yvaine"])
    leopold = find_employee("Leopold")[0]
    yvaine = find_employee("Yvaine")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([leopold], on(6, 27, 13, 0), 120, "Compliance training"),
        ([yvaine], on(6, 27, 10, 0), 60, "Security training"),
        ([leopold], on(7, 4, 13, 0), 30, "Compliance Q&A"),
    ]
    simulate_user_calendar(
        [
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
            for people, start, minutes, subject in plan
        ]
    )


def evaluate_postpone_compliance_training(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], my compliance training on Thursday has been postponed by two weeks; move it to the same time then.

    The compliance training must be gone from 2024-06-27 and take place on
    2024-07-11 from 13:00 to 15:00 with the same subject and attendees
    (updated or re-created). Nothing else may change.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()
    original = [
        e for e in upcoming_before if e.subject == "Compliance training"
    ][0]

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    if original in upcoming_after:
        raise SolutionError("the compliance training is still on 2024-06-27")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(removed) != 1 or len(added) != 1:
        raise SolutionError(
            f"expected only the training to move; {len(removed)} events "
            f"changed or went and {len(added)} appeared"
        )
    moved = added[0]
    expected_start = datetime.datetime(2024, 7, 11, 13, 0)
    expected_end = datetime.datetime(2024, 7, 11, 15, 0)
    if moved.starts_at != expected_start or moved.ends_at != expected_end:
        raise SolutionError(
            f"expected the training from {expected_start} to {expected_end}, "
            f"found {moved.starts_at} to {moved.ends_at}"
        )
    if (
        moved.subject != original.subject
        or moved.attendees != original.attendees
    ):
        raise SolutionError("the moved training lost its subject or attendees")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_postpone_compliance_training(
            query="",
            executable=postpone_compliance_training,
            setup_function=setup_env_postpone_compliance_training,
        )
