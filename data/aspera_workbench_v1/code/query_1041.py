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
# Hey, [Assistant], is Tamsin on holiday at any point next week?
# Tags: handback, information, conditional, vacation, relative_dates
# Apps: no room_booking
def is_tamsin_on_holiday_next_week() -> bool:
    """Tell whether Tamsin has a holiday overlapping next week, asking the
    user first if the name does not single out one colleague."""

    candidates = find_employee("Tamsin")
    if len(candidates) != 1:
        raise RequiresUserInput(
            "I found more than one colleague called Tamsin, or none at all. "
            "Which Tamsin do you mean?"
        )
    tamsin = candidates[0]
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for holiday in get_vacation_schedule(tamsin) or []:
        if (
            holiday.start.date() <= next_week.end
            and holiday.end.date() >= next_week.start
        ):
            return True
    return False


# OK:
def setup_env_is_tamsin_on_holiday_next_week():
    """World in which the user asks:

    Hey, [Assistant], is Tamsin on holiday at any point next week?

    Two colleagues are called Tamsin: Tamsin Achterberg is off from Monday to
    Wednesday next week, Tamsin Okonkwo is not off at all next week (her
    holiday is the week after). The answers differ, so the program must ask
    which Tamsin is meant.
    """

    import datetime

    simulate_org_structure(["Tamsin Achterberg", "Tamsin Okonkwo", "Jolyon"])
    achterberg = find_employee("Tamsin Achterberg")[0]
    okonkwo = find_employee("Tamsin Okonkwo")[0]

    next_monday = get_next_dow("Monday")

    def days_off(first_offset: int, last_offset: int) -> TimeInterval:
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

    simulate_vacation_schedule(achterberg, [days_off(0, 2)])
    simulate_vacation_schedule(okonkwo, [days_off(7, 11)])


# OK:
def setup_env_is_tamsin_on_holiday_next_week():
    """World in which the user asks:

    Hey, [Assistant], is Tamsin on holiday at any point next week?

    The contrasting world: one colleague is called Tamsin. Her holiday runs
    from this Thursday to next Monday, so it reaches into next week and the
    answer is yes. Jolyon is off all of next week.
    """

    import datetime

    simulate_org_structure(["Tamsin Achterberg", "Jolyon", "Wystan"])
    tamsin = find_employee("Tamsin")[0]
    jolyon = find_employee("Jolyon")[0]

    next_monday = get_next_dow("Monday")

    def days_off(first_offset: int, last_offset: int) -> TimeInterval:
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

    simulate_vacation_schedule(tamsin, [days_off(-4, 0)])
    simulate_vacation_schedule(jolyon, [days_off(0, 4)])


# OK:
def setup_env_is_tamsin_on_holiday_next_week():
    """World in which the user asks:

    Hey, [Assistant], is Tamsin on holiday at any point next week?

    A second contrasting world: one colleague is called Tamsin; her
    holidays end this Friday and start the Monday after next, so she is not
    off at any point next week and the answer is no. Jolyon is off all of
    next week.
    """

    import datetime

    simulate_org_structure(["Tamsin Okonkwo", "Jolyon", "Wystan"])
    tamsin = find_employee("Tamsin")[0]
    jolyon = find_employee("Jolyon")[0]

    next_monday = get_next_dow("Monday")

    def days_off(first_offset: int, last_offset: int) -> TimeInterval:
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

    simulate_vacation_schedule(tamsin, [days_off(-5, -3), days_off(7, 11)])
    simulate_vacation_schedule(jolyon, [days_off(0, 4)])


def evaluate_is_tamsin_on_holiday_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], is Tamsin on holiday at any point next week?

    Two colleagues are called Tamsin and only one of them is off next week,
    so the program must raise `RequiresUserInput` instead of answering, and
    must not have changed the calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `is_tamsin_on_holiday_next_week`.
    setup_function
        `setup_env_is_tamsin_on_holiday_next_week`, which builds the world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    try:
        answer = executable()
    except RequiresUserInput:
        if (
            find_events() != upcoming_before
            or find_past_events() != past_before
        ):
            raise SolutionError(
                "the calendar was changed before asking the user for input"
            )
    else:
        raise SolutionError(
            f"two colleagues are called Tamsin: expected RequiresUserInput, "
            f"got the answer {answer!r}"
        )


def evaluate_is_tamsin_on_holiday_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], is Tamsin on holiday at any point next week?

    Contrasting world: the only Tamsin is off until next Monday, so the
    answer is yes: `True`, or a text whose first word is "yes". The
    calendar must not change.
    """

    import re

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if isinstance(answer, str):
        words = re.findall(r"[a-z]+", answer.lower())
        yes = bool(words) and words[0] == "yes"
    else:
        yes = answer is True
    if not yes:
        raise SolutionError(
            f"Tamsin is off next Monday: expected yes (True), got {answer!r}"
        )
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError("the calendar changed while answering a question")


def evaluate_is_tamsin_on_holiday_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], is Tamsin on holiday at any point next week?

    Second contrasting world: the only Tamsin is off this week and the week
    after next but not next week, so the answer is no: `False`, or a text
    whose first word is "no". The calendar must not change.
    """

    import re

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if isinstance(answer, str):
        words = re.findall(r"[a-z]+", answer.lower())
        no = bool(words) and words[0] == "no"
    else:
        no = answer is False
    if not no:
        raise SolutionError(
            "Tamsin is not off at any point next week: expected no (False), "
            f"got {answer!r}"
        )
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError("the calendar changed while answering a question")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_is_tamsin_on_holiday_next_week(
            query="",
            executable=is_tamsin_on_holiday_next_week,
            setup_function=setup_env_is_tamsin_on_holiday_next_week,
        )
