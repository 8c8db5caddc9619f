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
# Hey, [Assistant], two weeks from today, put a 20-minute check-in with Cosmo in my calendar at 4 PM.
# Tags: action, relative_dates
# Apps: no room_booking
def check_in_with_cosmo_in_two_weeks():
    """Book a 20-minute check-in with Cosmo at 4 PM, fourteen days from
    today."""

    cosmo = find_employee("Cosmo")[0]
    today = now_().date()
    starts_at = modify(
        combine(today, time_by_hm(4, 0, "pm")),
        Duration(14, TimeUnits.Days),
        operator=DateTimeClauseOperators.add,
    )
    ends_at = modify(
        starts_at,
        Duration(20, TimeUnits.Minutes),
        operator=DateTimeClauseOperators.add,
    )
    add_event(
        Event(
            attendees=[cosmo],
            subject="Check-in with Cosmo",
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


#OK:
def setup_env_check_in_with_cosmo_in_two_weeks():
    """World in which the user asks:

    Hey, [Assistant], two weeks from today, put a 20-minute check-in with Cosmo in my calendar at 4 PM.

    Cosmo already has a check-in with the user one week from today at 4 PM;
    another colleague has a meeting with the user two weeks from today in
    the morning.
    """

    import datetime

    simulate_org_structure(["Cosmo", "Leontine"])
    cosmo = find_employee("Cosmo")[0]
    leontine = find_employee("Leontine")[0]

    today = now_().date()
    one_week = today + datetime.timedelta(days=7)
    two_weeks = today + datetime.timedelta(days=14)
    plan = [
        ([cosmo], one_week, time_by_hm(4, 0, "pm"), 20, "Check-in"),
        ([leontine], two_weeks, time_by_hm(10, 0, "am"), 60, "Forecast review"),
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


def evaluate_check_in_with_cosmo_in_two_weeks(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], two weeks from today, put a 20-minute check-in with Cosmo in my calendar at 4 PM.

    Exactly one event must be added: with Cosmo alone (the user may be
    listed too), Tuesday 2024-07-09 from 16:00 to 16:20. Nothing else may
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
    removed = [e for e in upcoming_before if e not in upcoming_after]
    if removed:
        raise SolutionError(f"{len(removed)} existing events changed or went")
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(added) != 1:
        raise SolutionError(f"expected one new event, found {len(added)}")
    check_in = added[0]
    day = now_().date() + datetime.timedelta(days=14)
    expected_start = combine(day, time_by_hm(4, 0, "pm"))
    expected_end = combine(day, time_by_hm(4, 20, "pm"))
    if check_in.starts_at != expected_start or check_in.ends_at != expected_end:
        raise SolutionError(
            f"expected the check-in from {expected_start} to {expected_end}, "
            f"found {check_in.starts_at} to {check_in.ends_at}"
        )
    cosmo = find_employee("Cosmo")[0]
    user = get_current_user()
    if [p for p in check_in.attendees or [] if p != user] != [cosmo]:
        raise SolutionError("the check-in must be with Cosmo alone")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_check_in_with_cosmo_in_two_weeks(
            query="",
            executable=check_in_with_cosmo_in_two_weeks,
            setup_function=setup_env_check_in_with_cosmo_in_two_weeks,
        )
