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
# Hey, [Assistant], block 3 to 4 PM the day after tomorrow for focused writing.
# Tags: action, relative_dates
# Apps: no room_booking
def block_focused_writing_time():
    """Add a one-hour block without attendees from 3 to 4 PM, two days from
    today."""

    # "the day after tomorrow" is one day after tomorrow
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    starts_at = modify(
        combine(tomorrow, time_by_hm(3, 0, "pm")),
        Duration(1, TimeUnits.Days),
        operator=DateTimeClauseOperators.add,
    )
    # the request gives the end explicitly, so the default length must not
    # be used
    ends_at = combine(starts_at.date(), time_by_hm(4, 0, "pm"))
    add_event(
        Event(subject="Focused writing", starts_at=starts_at, ends_at=ends_at)
    )


#OK:
def setup_env_block_focused_writing_time():
    """World in which the user asks:

    Hey, [Assistant], block 3 to 4 PM the day after tomorrow for focused writing.

    The calendar holds a meeting tomorrow at 3 PM, another one on the day
    after tomorrow in the morning, and a meeting that took place yesterday
    afternoon.
    """

    import datetime

    simulate_org_structure(["Marisol", "Tobias"])
    marisol = find_employee("Marisol")[0]
    tobias = find_employee("Tobias")[0]

    today = now_().date()
    one_day = datetime.timedelta(days=1)
    plan = [
        # same time of day, but tomorrow
        (tobias, today + one_day, time_by_hm(3, 0, "pm"), 60, "Team sync"),
        # same day, but in the morning
        (
            marisol,
            today + 2 * one_day,
            time_by_hm(10, 0, "am"),
            60,
            "Client call",
        ),
        # already over
        (marisol, today - one_day, time_by_hm(3, 0, "pm"), 30, "Draft review"),
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


def evaluate_block_focused_writing_time(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], block 3 to 4 PM the day after tomorrow for focused writing.

    Exactly one event must be added, from 15:00 to 16:00 on 2024-06-27 (two
    days after the pinned Tuesday), with no colleague invited (listing the
    user is tolerated). Its subject is free. Nothing else may change.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    if removed:
        raise SolutionError(
            f"expected existing events to stay, {len(removed)} changed or went"
        )
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(added) != 1:
        raise SolutionError(f"expected one new event, found {len(added)}")
    block = added[0]
    day = now_().date() + datetime.timedelta(days=2)
    expected_start = combine(day, time_by_hm(3, 0, "pm"))
    expected_end = combine(day, time_by_hm(4, 0, "pm"))
    if block.starts_at != expected_start or block.ends_at != expected_end:
        raise SolutionError(
            f"expected the block from {expected_start} to {expected_end}, "
            f"found {block.starts_at} to {block.ends_at}"
        )
    user = get_current_user()
    guests = [p for p in block.attendees or [] if p != user]
    if guests:
        raise SolutionError("the block should not invite any colleague")
    if block.repeats is not None:
        raise SolutionError("the block should not repeat")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_block_focused_writing_time(
            query="",
            executable=block_focused_writing_time,
            setup_function=setup_env_block_focused_writing_time,
        )
