from aspera.apps_implementation.exceptions import *
from aspera.apps_implementation.time_utils import *
from aspera.apps_implementation.room_booking import *
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
# Hey, [Assistant], schedule a one-hour quarterly planning meeting with Ophelia and Bastian on the first Monday of next month at 9:30 AM.
# Tags: action, relative_dates
def quarterly_planning_first_monday_next_month():
    """Book a one-hour meeting with Ophelia and Bastian at 9:30 AM on the
    first Monday of next month."""

    ophelia = find_employee("Ophelia")[0]
    bastian = find_employee("Bastian")[0]
    next_month = parse_durations_to_date_interval(DateRanges["NextMonth"])
    # walk forward from the first of the month to its first Monday
    day = next_month.start
    while day.weekday() != 0:
        day = day + datetime.timedelta(days=1)
    starts_at = combine(day, time_by_hm(9, 30, "am"))
    ends_at = modify(
        starts_at,
        Duration(1, TimeUnits.Hours),
        operator=DateTimeClauseOperators.add,
    )
    add_event(
        Event(
            attendees=[ophelia, bastian],
            subject="Quarterly planning",
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


#OK:
def setup_env_quarterly_planning_first_monday_next_month():
    """World in which the user asks:

    Hey, [Assistant], schedule a one-hour quarterly planning meeting with Ophelia and Bastian on the first Monday of next month at 9:30 AM.

    Next month is July 2024, whose first day is a Monday (2024-07-01).
    Distractors: a meeting with Ophelia on the second Monday of July and a
    quarterly planning meeting with Bastian that took place yesterday.
    """

    import datetime

    simulate_org_structure(["Ophelia", "Bastian", "Yvaine"])
    ophelia = find_employee("Ophelia")[0]
    bastian = find_employee("Bastian")[0]

    first_monday = date_by_mdy(month=7, day=1, year=2024)
    yesterday = now_().date() - datetime.timedelta(days=1)
    plan = [
        (
            [ophelia],
            first_monday + datetime.timedelta(days=7),
            time_by_hm(9, 30, "am"),
            60,
            "Hiring forecast",
        ),
        (
            [bastian],
            yesterday,
            time_by_hm(9, 30, "am"),
            60,
            "Quarterly planning",
        ),
        (
            [ophelia, bastian],
            first_monday,
            time_by_hm(2, 0, "pm"),
            30,
            "Offsite",
        ),
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


def evaluate_quarterly_planning_first_monday_next_month(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], schedule a one-hour quarterly planning meeting with Ophelia and Bastian on the first Monday of next month at 9:30 AM.

    Exactly one event must be added: Ophelia and Bastian (the user may be
    listed too), 2024-07-01 from 9:30 to 10:30. Nothing else may change.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    if removed:
        raise SolutionError(f"{len(removed)} existing events changed or went")
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(added) != 1:
        raise SolutionError(f"expected one new event, found {len(added)}")
    meeting = added[0]
    first_monday = date_by_mdy(month=7, day=1, year=2024)
    expected_start = combine(first_monday, time_by_hm(9, 30, "am"))
    expected_end = combine(first_monday, time_by_hm(10, 30, "am"))
    if meeting.starts_at != expected_start or meeting.ends_at != expected_end:
        raise SolutionError(
            f"expected the meeting from {expected_start} to {expected_end}, "
            f"found {meeting.starts_at} to {meeting.ends_at}"
        )
    user = get_current_user()
    invited = sorted(p.name for p in meeting.attendees or [] if p != user)
    if invited != ["Bastian", "Ophelia"]:
        raise SolutionError(f"expected Ophelia and Bastian, found {invited}")
    if meeting.repeats is not None:
        raise SolutionError("the meeting should not repeat")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_quarterly_planning_first_monday_next_month(
            query="",
            executable=quarterly_planning_first_monday_next_month,
            setup_function=setup_env_quarterly_planning_first_monday_next_month,
        )
