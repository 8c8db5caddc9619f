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
# Hey, [Assistant], move my design sync with Tobias from Thursday to Friday, same time.
# Tags: action, reschedule, relative_dates
# Apps: no room_booking
def move_design_sync_with_tobias_to_friday():
    """Move this Thursday's design sync with Tobias to the same time on the
    following day."""

    tobias = find_employee("Tobias")[0]
    thursday = get_next_dow("Thursday")
    syncs = [
        event
        for event in find_events(attendees=[tobias], subject="design sync")
        if event.starts_at.date() == thursday
    ]
    if len(syncs) != 1:
        raise RequiresUserInput(
            f"I found {len(syncs)} design syncs with Tobias on Thursday. "
            "Which one do you mean?"
        )
    sync = syncs[0]
    one_day = Duration(1, TimeUnits.Days)
    sync.starts_at = modify(
        sync.starts_at, one_day, operator=DateTimeClauseOperators.add
    )
    sync.ends_at = modify(
        sync.ends_at, one_day, operator=DateTimeClauseOperators.add
    )
    add_event(sync)


#OK:
def setup_env_move_design_sync_with_tobias_to_friday():
    """World in which the user asks:

    Hey, [Assistant], move my design sync with Tobias from Thursday to Friday, same time.

    This Thursday (2024-06-27) has a 45-minute design sync with Tobias at
    11:00. Distractors: the same sync a week later, another meeting with
    Tobias and Greta on Thursday, and a design sync with Greta on Thursday.
    """

    import datetime

    simulate_org_structure(["Tobias", "Greta"])
    tobias = find_employee("Tobias")[0]
    greta = find_employee("Greta")[0]

    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    week = datetime.timedelta(days=7)
    eleven = time_by_hm(11, 0, "am")
    plan = [
        ([tobias], thursday, eleven, 45, "Design sync"),
        ([tobias], thursday + week, eleven, 45, "Design sync"),
        ([tobias, greta], thursday, time_by_hm(2, 0, "pm"), 60, "Budget sync"),
        ([greta], thursday, time_by_hm(4, 0, "pm"), 30, "Design sync"),
        ([greta], friday, time_by_hm(9, 30, "am"), 30, "Backlog grooming"),
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


def evaluate_move_design_sync_with_tobias_to_friday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], move my design sync with Tobias from Thursday to Friday, same time.

    The design sync with Tobias on Thursday 2024-06-27 (11:00-11:45) must be
    gone from Thursday and a meeting with Tobias alone must take place on
    Friday 2024-06-28 from 11:00 to 11:45 (updating the event or replacing
    it are both fine). Nothing else may change.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()
    tobias = find_employee("Tobias")[0]
    thursday = get_next_dow("Thursday")
    original = [
        e
        for e in upcoming_before
        if e.subject == "Design sync"
        and e.attendees == [tobias]
        and e.starts_at.date() == thursday
    ][0]

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if original not in removed:
        raise SolutionError("the design sync is still on Thursday at 11:00")
    if len(removed) != 1:
        raise SolutionError(
            f"expected one event to move, {len(removed)} changed"
        )
    if len(added) != 1:
        raise SolutionError(
            f"expected the sync once on Friday, found {len(added)} new events"
        )
    moved = added[0]
    friday = get_next_dow("Friday")
    expected_start = combine(friday, time_by_hm(11, 0, "am"))
    expected_end = combine(friday, time_by_hm(11, 45, "am"))
    if moved.starts_at != expected_start or moved.ends_at != expected_end:
        raise SolutionError(
            f"expected the sync from {expected_start} to {expected_end}, "
            f"found {moved.starts_at} to {moved.ends_at}"
        )
    user = get_current_user()
    if [p for p in moved.attendees or [] if p != user] != [tobias]:
        raise SolutionError("the moved sync must still be with Tobias alone")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_move_design_sync_with_tobias_to_friday(
            query="",
            executable=move_design_sync_with_tobias_to_friday,
            setup_function=setup_env_move_design_sync_with_tobias_to_friday,
        )
