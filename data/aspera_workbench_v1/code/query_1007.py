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
# Hey, [Assistant], move today's 11 AM sync with Dorothea to 8:30 this morning.
# Tags: handback, reschedule
# Apps: no room_booking
def move_sync_with_dorothea_earlier():
    """Move today's 11 AM sync with Dorothea to 8:30 AM today, unless that
    time has already passed, in which case the user must decide."""

    dorothea = find_employee("Dorothea")[0]
    today = now_().date()
    eleven = combine(today, time_by_hm(11, 0, "am"))
    syncs = [
        event
        for event in find_events(attendees=[dorothea])
        if event.starts_at == eleven
    ]
    if len(syncs) != 1:
        raise RequiresUserInput(
            "I could not find a single 11 AM meeting with Dorothea today."
        )
    new_start = combine(today, time_by_hm(8, 30, "am"))
    # a meeting cannot be moved to a time that is already over
    if new_start <= now_():
        raise RequiresUserInput(
            "8:30 this morning has already passed. When should the sync "
            "with Dorothea take place instead?"
        )
    sync = syncs[0]
    length = sync.ends_at - sync.starts_at
    sync.starts_at = new_start
    sync.ends_at = new_start + length
    add_event(sync)


#OK:
def setup_env_move_sync_with_dorothea_earlier():
    """World in which the user asks:

    Hey, [Assistant], move today's 11 AM sync with Dorothea to 8:30 this morning.

    Today at 11:00 the user has a 30-minute sync with Dorothea. The clock
    reads 09:06, so 8:30 this morning is already in the past and the
    assistant has to ask for another time. Distractors: a sync with
    Dorothea tomorrow at 11 AM and a meeting with Anselm today.
    """

    import datetime

    simulate_org_structure(["Dorothea", "Anselm"])
    dorothea = find_employee("Dorothea")[0]
    anselm = find_employee("Anselm")[0]

    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)
    eleven = time_by_hm(11, 0, "am")
    plan = [
        ([dorothea], today, eleven, 30, "Sync"),
        ([dorothea], tomorrow, eleven, 30, "Sync"),
        ([anselm], today, time_by_hm(2, 0, "pm"), 60, "Release checklist"),
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


def evaluate_move_sync_with_dorothea_earlier(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], move today's 11 AM sync with Dorothea to 8:30 this morning.

    It is 09:06, so the requested time is already over: the program must
    raise `RequiresUserInput` and leave the calendar unchanged. The clock
    of every world reads 09:06, so no world can make the move possible:
    the request itself makes the hand-back and its reason necessary, and
    the message must say that the time is past, in any of many wordings
    ("past", "passed", "already", "over", "gone", "too late", "earlier
    than", "before now", "current time", "09:06"). Asking for no reason, or
    for another one (which sync is meant), is no answer.
    """

    import re

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    try:
        _ = executable()
    except RequiresUserInput as handback:
        if (
            find_events() != upcoming_before
            or find_past_events() != past_before
        ):
            raise SolutionError(
                "the calendar was changed before asking the user"
            )
        reason = (
            r"\b(past|passed|already|over|gone|elapsed|too late|earlier than"
            r"|before (now|the current)|current time|0?9:06)\b"
        )
        if not re.search(reason, str(handback), re.IGNORECASE):
            raise SolutionError(
                "the hand-back must say that 8:30 this morning is already "
                f"past (it is 09:06), got {str(handback)!r}"
            )
    else:
        raise SolutionError(
            "expected RequiresUserInput: 8:30 this morning has already passed"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_move_sync_with_dorothea_earlier(
            query="",
            executable=move_sync_with_dorothea_earlier,
            setup_function=setup_env_move_sync_with_dorothea_earlier,
        )
