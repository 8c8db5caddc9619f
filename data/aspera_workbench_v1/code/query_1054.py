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
# Hey, [Assistant], what is the first weekday next month when neither my manager nor Verity is on holiday?
# Tags: information, vacation, org_structure, loop, conditional, relative_dates
# Apps: no room_booking
def first_day_next_month_both_in() -> datetime.date:
    """Return the first Monday-to-Friday date of next month on which neither
    the user's manager nor Verity has a holiday."""

    manager = find_manager_of(get_current_user())
    verity = find_employee("Verity")[0]
    holidays = (get_vacation_schedule(manager) or []) + (
        get_vacation_schedule(verity) or []
    )
    month = parse_durations_to_date_interval(DateRanges["NextMonth"])
    day = month.start
    while day <= month.end:
        if day.weekday() < 5 and not any(
            holiday.contains_date(day) for holiday in holidays
        ):
            return day
        day = day + datetime.timedelta(days=1)
    raise RequiresUserInput("One of them is away on every weekday next month.")


# OK:
def setup_env_first_day_next_month_both_in():
    """World in which the user asks:

    Hey, [Assistant], what is the first weekday next month when neither my manager nor Verity is on holiday?

    The user is a team member in Engineering; Verity works in Finance. Next
    month is July 2024. The manager is off 1-3 July, Verity 4-5 July and
    again on Monday 8 July, so the answer is Tuesday 9 July. Distractors:
    the manager's holiday in June, Verity's holiday later in July, and a
    colleague (Hamish) who is off on 9 July but does not matter.
    """

    import datetime

    simulate_org_structure(
        ["Hamish", "Oriel"],
        teams_to_extend={Team.Finance: ["Verity", "Leocadia"]},
    )
    manager = find_manager_of(get_current_user())
    verity = find_employee("Verity")[0]
    hamish = find_employee("Hamish")[0]

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, datetime.time(0, 0)),
            end=combine(last, datetime.time(23, 59)),
        )

    simulate_vacation_schedule(
        manager,
        [
            days_off(datetime.date(2024, 6, 10), datetime.date(2024, 6, 14)),
            days_off(datetime.date(2024, 7, 1), datetime.date(2024, 7, 3)),
        ],
    )
    simulate_vacation_schedule(
        verity,
        [
            days_off(datetime.date(2024, 7, 4), datetime.date(2024, 7, 5)),
            days_off(datetime.date(2024, 7, 8), datetime.date(2024, 7, 8)),
            days_off(datetime.date(2024, 7, 22), datetime.date(2024, 7, 26)),
        ],
    )
    simulate_vacation_schedule(
        hamish,
        [days_off(datetime.date(2024, 7, 9), datetime.date(2024, 7, 12))],
    )


def evaluate_first_day_next_month_both_in(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], what is the first weekday next month when neither my manager nor Verity is on holiday?

    The program must return the date 2024-07-09 (a `datetime.date`; a
    `datetime.datetime` on that day is accepted too) and must not change the
    calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `first_day_next_month_both_in`.
    setup_function
        `setup_env_first_day_next_month_both_in`, which builds the world."""

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if not isinstance(answer, datetime.date):
        raise SolutionError(f"expected a date, got {answer!r}")
    day = answer.date() if isinstance(answer, datetime.datetime) else answer
    if day != datetime.date(2024, 7, 9):
        raise SolutionError(
            "expected Tuesday 2024-07-09 (manager off 1-3 July, "
            "Verity off 4, 5 "
            f"and 8 July), got {day}"
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
        evaluate_first_day_next_month_both_in(
            query="",
            executable=first_day_next_month_both_in,
            setup_function=setup_env_first_day_next_month_both_in,
        )
