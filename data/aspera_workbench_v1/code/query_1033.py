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
# Hey, [Assistant], is Tobiah away on holiday at any point next week?
# Tags: information, vacation, relative_dates
# Apps: no room_booking
def is_tobiah_away_next_week() -> bool:
    """Tell whether any of Tobiah's holidays overlaps next week (Monday to
    Sunday)."""

    tobiah = find_employee("Tobiah")[0]
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for holiday in get_vacation_schedule(tobiah) or []:
        starts_before_week_ends = holiday.start.date() <= next_week.end
        ends_after_week_starts = holiday.end.date() >= next_week.start
        if starts_before_week_ends and ends_after_week_starts:
            return True
    return False


# OK:
def setup_env_is_tobiah_away_next_week():
    """World in which the user asks:

    Hey, [Assistant], is Tobiah away on holiday at any point next week?

    Tobiah is off from Wednesday to Friday next week, so the answer is yes.
    He also had a holiday last week. Wilhelmina is off for the whole of
    this week, which does not matter.
    """

    import datetime

    simulate_org_structure(["Tobiah", "Wilhelmina", "Anselm"])
    tobiah = find_employee("Tobiah")[0]
    wilhelmina = find_employee("Wilhelmina")[0]

    next_monday = get_next_dow("Monday")
    this_monday = get_prev_dow("Monday")

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, datetime.time(0, 0)),
            end=combine(last, datetime.time(23, 59)),
        )

    simulate_vacation_schedule(
        tobiah,
        [
            days_off(
                this_monday - datetime.timedelta(days=7),
                this_monday - datetime.timedelta(days=5),
            ),
            days_off(
                next_monday + datetime.timedelta(days=2),
                next_monday + datetime.timedelta(days=4),
            ),
        ],
    )
    simulate_vacation_schedule(
        wilhelmina,
        [days_off(this_monday, this_monday + datetime.timedelta(days=4))],
    )


def evaluate_is_tobiah_away_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], is Tobiah away on holiday at any point next week?

    Tobiah is off from Wednesday to Friday next week: the program must
    return True (a bool) and must not change the calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `is_tobiah_away_next_week`.
    setup_function
        `setup_env_is_tobiah_away_next_week`, which builds the world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if not isinstance(answer, bool):
        raise SolutionError(f"expected True or False, got {answer!r}")
    if answer is not True:
        raise SolutionError(
            "Tobiah is on holiday from Wednesday to Friday next week, "
            "expected True, got False"
        )
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError(
            "answering the question must not change the calendar"
        )


# OK:
def setup_env_is_tobiah_away_next_week():
    """World in which the user asks:

    Hey, [Assistant], is Tobiah away on holiday at any point next week?

    Tobiah is off the week before this one and the week after next, but not
    next week, so the answer is no. Wilhelmina, another colleague, is off on
    Monday and Tuesday next week.
    """

    import datetime

    simulate_org_structure(["Tobiah", "Wilhelmina", "Anselm"])
    tobiah = find_employee("Tobiah")[0]
    wilhelmina = find_employee("Wilhelmina")[0]

    next_monday = get_next_dow("Monday")
    this_monday = get_prev_dow("Monday")

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, datetime.time(0, 0)),
            end=combine(last, datetime.time(23, 59)),
        )

    simulate_vacation_schedule(
        tobiah,
        [
            days_off(
                this_monday - datetime.timedelta(days=7),
                this_monday - datetime.timedelta(days=3),
            ),
            days_off(
                next_monday + datetime.timedelta(days=7),
                next_monday + datetime.timedelta(days=11),
            ),
        ],
    )
    simulate_vacation_schedule(
        wilhelmina,
        [days_off(next_monday, next_monday + datetime.timedelta(days=1))],
    )


def evaluate_is_tobiah_away_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], is Tobiah away on holiday at any point next week?

    Tobiah's holidays end before this week and start the week after next:
    the program must return False (a bool) and must not change the calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `is_tobiah_away_next_week`.
    setup_function
        `setup_env_is_tobiah_away_next_week`, which builds the world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if not isinstance(answer, bool):
        raise SolutionError(f"expected True or False, got {answer!r}")
    if answer is not False:
        raise SolutionError(
            "Tobiah has no holiday between next Monday and next Sunday, "
            "expected False, got True"
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
        evaluate_is_tobiah_away_next_week(
            query="",
            executable=is_tobiah_away_next_week,
            setup_function=setup_env_is_tobiah_away_next_week,
        )
