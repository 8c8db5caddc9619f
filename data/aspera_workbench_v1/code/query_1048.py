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
# Hey, [Assistant], who in the Sales and Marketing team is on holiday at some point next week? Give me their names.
# Tags: information, org_structure, vacation, loop, relative_dates
# Apps: no room_booking
def sales_marketing_on_holiday_next_week() -> list[str]:
    """Return the names of Sales & Marketing employees with a holiday that
    overlaps next week (Monday to Sunday)."""

    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    away = []
    for person in get_all_employees():
        if get_employee_profile(person).team != Team.SalesMarketing:
            continue
        for holiday in get_vacation_schedule(person) or []:
            if (
                holiday.start.date() <= next_week.end
                and holiday.end.date() >= next_week.start
            ):
                away.append(person.name)
                break
    return away


# OK:
def setup_env_sales_marketing_on_holiday_next_week():
    """World in which the user asks:

    Hey, [Assistant], who in the Sales and Marketing team is on holiday at some point next week? Give me their names.

    Sales & Marketing is extended with Rosamund, Jolyon, Verity and Ulrich.
    Rosamund is off next Tuesday and Wednesday; Verity from this Friday to
    next Monday (so next Monday counts); Jolyon was off this week only;
    Ulrich is off the week after next. Quillon in Engineering is off the whole
    of next week but is not in Sales & Marketing. The user is in Engineering.
    """

    import datetime

    simulate_org_structure(
        ["Hamish", "Saoirse"],
        teams_to_extend={
            Team.SalesMarketing: ["Rosamund", "Jolyon", "Verity", "Ulrich"],
            Team.Engineering: ["Quillon", "Marisol"],
        },
    )
    next_monday = get_next_dow("Monday")

    def days_off(first_offset: int, last_offset: int) -> TimeInterval:
        # offsets in days from next Monday, both days included
        return TimeInterval(
            start=combine(
                next_monday + datetime.timedelta(days=first_offset),
                datetime.time(0, 0),
            ),
            end=combine(
                next_monday + datetime.timedelta(days=last_offset),
                datetime.time(23, 59),
            ),
        )

    plan = [
        ("Rosamund", [days_off(1, 2)]),
        ("Verity", [days_off(-3, 0)]),
        ("Jolyon", [days_off(-7, -3)]),
        ("Ulrich", [days_off(7, 11)]),
        ("Quillon", [days_off(0, 4)]),
    ]
    for name, holidays in plan:
        simulate_vacation_schedule(find_employee(name)[0], holidays)


def evaluate_sales_marketing_on_holiday_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], who in the Sales and Marketing team is on holiday at some point next week? Give me their names.

    The program must name exactly Rosamund and Verity (any order; strings or
    `Employee` objects in a list, tuple or set) and must not change the
    calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `sales_marketing_on_holiday_next_week`.
    setup_function
        `setup_env_sales_marketing_on_holiday_next_week`, which builds the
        world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if not isinstance(answer, (list, tuple, set)):
        raise SolutionError(f"expected a list of names, got {answer!r}")
    names = sorted(
        item.name if isinstance(item, Employee) else str(item).strip()
        for item in answer
    )
    if names != ["Rosamund", "Verity"]:
        raise SolutionError(
            f"expected Rosamund and Verity (Sales & Marketing, off next week), "
            f"got {names}"
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
        evaluate_sales_marketing_on_holiday_next_week(
            query="",
            executable=sales_marketing_on_holiday_next_week,
            setup_function=setup_env_sales_marketing_on_holiday_next_week,
        )
