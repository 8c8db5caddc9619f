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
# Hey, [Assistant], how many people in the Finance team joined the company this year?
# Tags: information, org_structure, loop
def count_finance_joiners_this_year() -> int:
    """Count the members of the Finance team whose joining date falls in the
    current calendar year."""

    this_year = now_().year
    count = 0
    for person in get_all_employees():
        profile = get_employee_profile(person)
        if profile.team != Team.Finance:
            continue
        if profile.joined_date.year == this_year:
            count += 1
    return count


# OK:
def setup_env_count_finance_joiners_this_year():
    """World in which the user asks:

    Hey, [Assistant], how many people in the Finance team joined the company this year?

    A sixteen-name organisation whose Finance team is extended with two more
    people. Joining dates are drawn by the directory simulation: in Finance
    some fall in 2024 and some in the second half of 2023 (so "this year" and
    "in the last twelve months" give different counts). The user works in
    Engineering, where the count is different too.
    """

    simulate_org_structure(
        [
            "Gwendolyn",
            "Dariusz",
            "Eulalia",
            "Benedikt",
            "Xanthe",
            "Petronella",
            "Noemi",
            "Tobiah",
            "Wystan",
            "Hamish",
            "Oriel",
            "Sigrun",
            "Lucan",
            "Verity",
            "Yarrow",
            "Saoirse",
        ],
        teams_to_extend={Team.Finance: ["Anneliese", "Bramwell"]},
    )


def evaluate_count_finance_joiners_this_year(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], how many people in the Finance team joined the company this year?

    The program must return the number of employees in team Finance (its
    manager included) whose joining date is in 2024, as a whole number, and
    must not change the calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `count_finance_joiners_this_year`.
    setup_function
        `setup_env_count_finance_joiners_this_year`, which builds the world."""

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    # the directory is the ground truth; the year is that of the fixed clock
    first_day = datetime.date(2024, 1, 1)
    finance = []
    joined = []
    for person in get_all_employees():
        profile = get_employee_profile(person)
        if profile.team == Team.Finance:
            finance.append(person.name)
            if profile.joined_date >= first_day:
                joined.append(person.name)
    expected = len(joined)
    if isinstance(answer, bool) or not isinstance(answer, (int, float)):
        raise SolutionError(f"expected a number, got {type(answer).__name__}")
    if answer != expected:
        raise SolutionError(
            f"expected {expected} Finance joiners in 2024 "
            f"({', '.join(joined)}) "
            f"out of {len(finance)} Finance employees, got {answer}"
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
        evaluate_count_finance_joiners_this_year(
            query="",
            executable=count_finance_joiners_this_year,
            setup_function=setup_env_count_finance_joiners_this_year,
        )
