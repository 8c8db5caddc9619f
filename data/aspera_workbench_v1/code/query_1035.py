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
# Hey, [Assistant], set up a 30-minute one-to-one with each of my direct reports next Monday, back to back starting at 10 AM.
# Tags: action, org_structure, loop, relative_dates
# Apps: no room_booking
def one_to_ones_with_reports_next_monday():
    """Book consecutive 30-minute one-to-ones next Monday, one per direct
    report of the user, the first starting at 10 AM."""

    me = get_current_user()
    reports = find_reports_of(me)
    if not reports:
        raise RequiresUserInput(
            "Nobody reports to you, so there is no one to meet."
        )
    monday = get_next_dow("Monday")
    starts_at = combine(monday, time_by_hm(10, 0, "am"))
    half_hour = Duration(30, TimeUnits.Minutes)
    for report in reports:
        ends_at = modify(
            starts_at, half_hour, operator=DateTimeClauseOperators.add
        )
        add_event(
            Event(
                attendees=[report],
                subject=f"One-to-one with {report.name}",
                starts_at=starts_at,
                ends_at=ends_at,
            )
        )
        # the next meeting starts when this one ends
        starts_at = ends_at


# OK:
def setup_env_one_to_ones_with_reports_next_monday():
    """World in which the user asks:

    Hey, [Assistant], set up a 30-minute one-to-one with each of my direct reports next Monday, back to back starting at 10 AM.

    The user is a manager in Engineering; the team is extended so that the
    user has several direct reports, while other extension members report to
    the team's head. Distractors: a meeting with the user's own manager next
    Monday at 9 AM and a one-to-one with a report this Friday.
    """

    import datetime

    simulate_org_structure(
        ["Hamish", "Clementine"],
        user_role="Manager",
        user_team=Team.Engineering,
        teams_to_extend={
            Team.Engineering: ["Oriel", "Sigrun", "Lucan", "Verity"]
        },
    )
    me = get_current_user()
    manager = find_manager_of(me)
    reports = find_reports_of(me)

    next_monday = get_next_dow("Monday")
    friday = get_next_dow("Friday")
    plan = [
        (manager, next_monday, time_by_hm(9, 0, "am"), 45, "Staffing plan"),
        (reports[0], friday, time_by_hm(10, 0, "am"), 30, "One-to-one"),
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


def evaluate_one_to_ones_with_reports_next_monday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a 30-minute one-to-one with each of my direct reports next Monday, back to back starting at 10 AM.

    With n direct reports, exactly n events must be added, each with one
    report as the only attendee (the user may be listed too), every report
    once; together they must fill
    next Monday from 10:00 in consecutive 30-minute slots (the order of the
    reports is free). Nothing else may change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `one_to_ones_with_reports_next_monday`.
    setup_function
        `setup_env_one_to_ones_with_reports_next_monday`, which builds the
        world."""

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    reports = find_reports_of(get_current_user())
    if find_past_events() != past_before:
        raise SolutionError("past events must not change")
    missing = [e for e in upcoming_before if e not in upcoming_after]
    if missing:
        raise SolutionError(
            f"an existing event was changed or removed: {missing[0]}"
        )
    new_events = [e for e in upcoming_after if e not in upcoming_before]
    if len(new_events) != len(reports):
        raise SolutionError(
            f"expected {len(reports)} new one-to-ones, found {len(new_events)}"
        )

    first = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    half_hour = datetime.timedelta(minutes=30)
    expected_starts = [first + k * half_hour for k in range(len(reports))]
    new_events.sort(key=lambda e: e.starts_at)
    met = []
    for event, expected_start in zip(new_events, expected_starts):
        if event.starts_at != expected_start:
            raise SolutionError(
                f"expected a one-to-one starting at {expected_start}, "
                f"found one at {event.starts_at}"
            )
        if event.ends_at - event.starts_at != half_hour:
            raise SolutionError(
                f"the one-to-one at {event.starts_at} must last 30 minutes"
            )
        # the user may be listed among the attendees or not
        others = [p for p in event.attendees or [] if p != get_current_user()]
        if len(others) != 1:
            raise SolutionError(
                f"the one-to-one at {event.starts_at} must have exactly "
                "one attendee besides the user"
            )
        met.append(others[0])
    if sorted(p.employee_id for p in met) != sorted(
        p.employee_id for p in reports
    ):
        raise SolutionError(
            "each direct report ("
            + ", ".join(p.name for p in reports)
            + ") must get exactly one one-to-one, got "
            + ", ".join(p.name for p in met)
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_one_to_ones_with_reports_next_monday(
            query="",
            executable=one_to_ones_with_reports_next_monday,
            setup_function=setup_env_one_to_ones_with_reports_next_monday,
        )
