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
# Hey, [Assistant], when is my next meeting with Isadora? Tell me its date and start time.
# Tags: information, recurring
# Apps: no room_booking
def next_meeting_with_isadora() -> datetime.datetime:
    """Return the start of the earliest upcoming meeting that Isadora
    attends, occurrences of recurring series included."""

    isadora = find_employee("Isadora")[0]
    now = now_()
    starts = []
    # a series that started in the past is listed among the past events
    for event in find_past_events() + find_events():
        if isadora not in (event.attendees or []):
            continue
        if event.repeats is None:
            occurrences = [event]
        else:
            occurrences = get_event_instances(event)
        for occurrence in occurrences:
            if occurrence.starts_at >= now:
                starts.append(occurrence.starts_at)
    if not starts:
        raise RequiresUserInput("You have no upcoming meeting with Isadora.")
    return min(starts)


#OK:
def setup_env_next_meeting_with_isadora():
    """World in which the user asks:

    Hey, [Assistant], when is my next meeting with Isadora? Tell me its date and start time.

    A weekly "Analytics sync" with Isadora began on Thursday 13 June
    (10:00-10:30), so its next occurrence is Thursday 2024-06-27 at 10:00.
    Later: a one-off dashboard review with her on Friday and a group
    meeting with her and Odile next Monday. Distractors: a meeting with her
    yesterday and one with Magnus tomorrow.
    """

    import datetime

    simulate_org_structure(["Isadora", "Odile", "Magnus"])
    isadora = find_employee("Isadora")[0]
    odile = find_employee("Odile")[0]
    magnus = find_employee("Magnus")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([isadora], on(6, 28, 11, 0), 30, "Dashboard review"),
        ([isadora, odile], on(7, 1, 14, 0), 60, "Data council"),
        ([isadora], on(6, 24, 15, 0), 60, "Metrics deep dive"),
        ([magnus], on(6, 26, 10, 0), 30, "Quota planning"),
    ]
    events = [
        Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )
        for people, start, minutes, subject in plan
    ]
    sync = on(6, 13, 10, 0)
    events.append(
        Event(
            attendees=[isadora],
            subject="Analytics sync",
            starts_at=sync,
            ends_at=sync + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=10
            ),
        )
    )
    simulate_user_calendar(events)


def evaluate_next_meeting_with_isadora(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], when is my next meeting with Isadora? Tell me its date and start time.

    The program must return 2024-06-27 10:00, the next occurrence of the
    weekly analytics sync (as a datetime, or as text showing that date and
    time), and must not change the calendar.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    expected = datetime.datetime(2024, 6, 27, 10, 0)
    if isinstance(answer, datetime.datetime):
        if answer != expected:
            raise SolutionError(f"expected {expected}, got {answer}")
    elif isinstance(answer, str):
        if "2024-06-27" not in answer or "10:00" not in answer:
            raise SolutionError(f"expected 2024-06-27 at 10:00, got {answer!r}")
    else:
        raise SolutionError(f"expected a date and time, got {answer!r}")
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError("the calendar was changed")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_next_meeting_with_isadora(
            query="",
            executable=next_meeting_with_isadora,
            setup_function=setup_env_next_meeting_with_isadora,
        )
