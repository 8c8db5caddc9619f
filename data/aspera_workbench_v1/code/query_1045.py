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


# OK:
# Hey, [Assistant], how many minutes of meetings with my manager do I still have this week?
# Tags: information, org_structure, relative_dates
def minutes_with_manager_rest_of_week() -> int:
    """Add up the length, in minutes, of the upcoming meetings this week
    (until Sunday) that the user's manager attends."""

    manager = find_manager_of(get_current_user())
    if manager is None:
        raise RequiresUserInput("You have no manager in the directory.")
    week_end = this_week_dates()[-1]
    total = 0
    for event in find_events():
        if event.starts_at.date() > week_end:
            continue
        if event.attendees and manager in event.attendees:
            total += event.duration.number
    return int(total)


# OK:
def setup_env_minutes_with_manager_rest_of_week():
    """World in which the user asks:

    Hey, [Assistant], how many minutes of meetings with my manager do I still have this week?

    The user is a team member in Engineering. Upcoming meetings this week
    with the manager: a one-to-one tomorrow (30 min), a group meeting with
    the manager and Florentin on Thursday (60 min) and a check-in on Friday
    (25 min), 115 minutes in all. Distractors: a meeting with the manager
    yesterday, one next Monday, and a meeting with Florentin alone on
    Thursday.
    """

    import datetime

    simulate_org_structure(["Florentin", "Kerensa", "Ulrich"])
    manager = find_manager_of(get_current_user())
    florentin = find_employee("Florentin")[0]

    today = now_().date()
    one_day = datetime.timedelta(days=1)
    plan = [
        ([manager], today + one_day, time_by_hm(10, 0, "am"), 30, "One-to-one"),
        (
            [manager, florentin],
            today + 2 * one_day,
            time_by_hm(2, 0, "pm"),
            60,
            "Sprint planning",
        ),
        (
            [manager],
            today + 3 * one_day,
            time_by_hm(4, 0, "pm"),
            25,
            "Check-in",
        ),
        (
            [florentin],
            today + 2 * one_day,
            time_by_hm(11, 0, "am"),
            45,
            "Pairing",
        ),
        ([manager], today - one_day, time_by_hm(10, 0, "am"), 30, "One-to-one"),
        (
            [manager],
            get_next_dow("Monday"),
            time_by_hm(9, 30, "am"),
            30,
            "Goals",
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


def evaluate_minutes_with_manager_rest_of_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], how many minutes of meetings with my manager do I still have this week?

    The program must return 115 (30 + 60 + 25) as a number and must not
    change the calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `minutes_with_manager_rest_of_week`.
    setup_function
        `setup_env_minutes_with_manager_rest_of_week`, which builds the world.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if isinstance(answer, bool) or not isinstance(answer, (int, float)):
        raise SolutionError(f"expected a number of minutes, got {answer!r}")
    if answer != 115:
        raise SolutionError(
            "expected 115 minutes (30 tomorrow, 60 on Thursday, "
            "25 on Friday), "
            f"got {answer}"
        )
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError(
            "answering the question must not change the calendar"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_minutes_with_manager_rest_of_week(
            query="",
            executable=minutes_with_manager_rest_of_week,
            setup_function=setup_env_minutes_with_manager_rest_of_week,
        )
