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
# Hey, [Assistant], make sure I have a catch-up with Cordelia this week: if there isn't one yet, book 30 minutes with her this Friday at 11 AM.
# Tags: action, conditional, relative_dates
# Apps: no room_booking
def ensure_catch_up_with_cordelia():
    """Book a 30-minute catch-up with Cordelia on Friday at 11 AM unless an
    upcoming catch-up with her already falls in the current week."""

    cordelia = find_employee("Cordelia")[0]
    this_week = this_week_dates()
    existing = [
        event
        for event in find_events(subject="catch-up")
        if cordelia in (event.attendees or [])
        and event.starts_at.date() in this_week
    ]
    if existing:
        return
    starts_at = combine(get_next_dow("Friday"), time_by_hm(11, 0, "am"))
    ends_at = modify(
        starts_at,
        Duration(30, TimeUnits.Minutes),
        operator=DateTimeClauseOperators.add,
    )
    add_event(
        Event(
            attendees=[cordelia],
            subject="Catch-up",
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


#OK:
def setup_env_ensure_catch_up_with_cordelia():
    """World in which the user asks:

    Hey, [Assistant], make sure I have a catch-up with Cordelia this week: if there isn't one yet, book 30 minutes with her this Friday at 11 AM.

    No catch-up with Cordelia is planned this week, so one must be booked
    on Friday 2024-06-28. Distractors: a different meeting with Cordelia
    this Thursday, a catch-up with her next Tuesday and one last week, and a
    catch-up with Percival this Thursday.
    """

    import datetime

    simulate_org_structure(["Cordelia", "Percival"])
    cordelia = find_employee("Cordelia")[0]
    percival = find_employee("Percival")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([cordelia], on(6, 27, 14, 0), 60, "Hiring panel"),
        ([cordelia], on(7, 2, 10, 0), 30, "Catch-up"),
        ([cordelia], on(6, 18, 10, 0), 30, "Catch-up"),
        ([percival], on(6, 27, 11, 0), 30, "Catch-up"),
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


#OK:
def setup_env_ensure_catch_up_with_cordelia():
    """World in which the user asks:

    Hey, [Assistant], make sure I have a catch-up with Cordelia this week: if there isn't one yet, book 30 minutes with her this Friday at 11 AM.

    A catch-up with Cordelia is already booked tomorrow at 3 PM, so nothing
    must be added. The distractors are those of the first world.
    """

    import datetime

    simulate_org_structure(["Cordelia", "Percival"])
    cordelia = find_employee("Cordelia")[0]
    percival = find_employee("Percival")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([cordelia], on(6, 26, 15, 0), 30, "Catch-up"),
        ([cordelia], on(6, 27, 14, 0), 60, "Hiring panel"),
        ([cordelia], on(7, 2, 10, 0), 30, "Catch-up"),
        ([cordelia], on(6, 18, 10, 0), 30, "Catch-up"),
        ([percival], on(6, 27, 11, 0), 30, "Catch-up"),
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


def evaluate_ensure_catch_up_with_cordelia(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], make sure I have a catch-up with Cordelia this week: if there isn't one yet, book 30 minutes with her this Friday at 11 AM.

    First world: exactly one event must be added, with Cordelia alone (the
    user may be listed), on Friday 2024-06-28 from 11:00 to 11:30. Nothing
    else may change.
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
        raise SolutionError(
            f"no catch-up with Cordelia is booked this week, so one must be "
            f"added; found {len(added)} new events"
        )
    catch_up = added[0]
    expected_start = datetime.datetime(2024, 6, 28, 11, 0)
    expected_end = datetime.datetime(2024, 6, 28, 11, 30)
    if catch_up.starts_at != expected_start or catch_up.ends_at != expected_end:
        raise SolutionError(
            f"expected the catch-up from {expected_start} to {expected_end}, "
            f"found {catch_up.starts_at} to {catch_up.ends_at}"
        )
    cordelia = find_employee("Cordelia")[0]
    user = get_current_user()
    if [p for p in catch_up.attendees or [] if p != user] != [cordelia]:
        raise SolutionError("the catch-up must be with Cordelia alone")


def evaluate_ensure_catch_up_with_cordelia(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], make sure I have a catch-up with Cordelia this week: if there isn't one yet, book 30 minutes with her this Friday at 11 AM.

    Second world: a catch-up with Cordelia is already booked this week, so
    the calendar must stay exactly as it was.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    upcoming_after = find_events()
    if upcoming_after != upcoming_before:
        added = [e for e in upcoming_after if e not in upcoming_before]
        raise SolutionError(
            "a catch-up with Cordelia already exists this week, so nothing "
            f"should change; found {len(added)} new or changed"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_ensure_catch_up_with_cordelia(
            query="",
            executable=ensure_catch_up_with_cordelia,
            setup_function=setup_env_ensure_catch_up_with_cordelia,
        )
