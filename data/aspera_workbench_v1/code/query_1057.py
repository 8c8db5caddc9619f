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
# Hey, [Assistant], is the Juniper room free tomorrow from 2 to 3 PM?
# Tags: information, rooms, relative_dates
def is_juniper_free_tomorrow_two_to_three() -> bool:
    """Tell whether the Juniper room has no booking between 2 and 3 PM
    tomorrow."""

    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    wanted = TimeInterval(
        start=combine(tomorrow, time_by_hm(2, 0, "pm")),
        end=combine(tomorrow, time_by_hm(3, 0, "pm")),
    )
    # the room is free for the hour if one free slot covers all of it
    free_slots = find_available_time_slots("Juniper", [wanted])
    return any(slot.includes(wanted) for slot in free_slots)


#OK:
def setup_env_is_juniper_free_tomorrow_two_to_three():
    """World in which the user asks:

    Hey, [Assistant], is the Juniper room free tomorrow from 2 to 3 PM?

    Juniper is booked tomorrow from 1:30 to 2:15 PM, so the answer is no.
    Distractors: Juniper is also booked today at the asked hours, and the
    Hawthorn room is free tomorrow from 2 to 3 PM.
    """

    import datetime

    simulate_org_structure(["Berengar", "Clodagh"])
    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)

    def slot(day, start_hour, start_minute, end_hour, end_minute):
        return TimeInterval(
            start=combine(day, datetime.time(start_hour, start_minute)),
            end=combine(day, datetime.time(end_hour, end_minute)),
        )

    simulate_conference_room(
        "Juniper",
        6,
        {
            today: [slot(today, 14, 0, 15, 0)],
            tomorrow: [
                slot(tomorrow, 10, 0, 11, 0),
                slot(tomorrow, 13, 30, 14, 15),
            ],
        },
    )
    simulate_conference_room(
        "Hawthorn", 8, {tomorrow: [slot(tomorrow, 9, 30, 10, 30)]}
    )


#OK:
def setup_env_is_juniper_free_tomorrow_two_to_three():
    """World in which the user asks:

    Hey, [Assistant], is the Juniper room free tomorrow from 2 to 3 PM?

    Juniper's bookings tomorrow end at 11 AM and start again at 3 PM, so the
    hour is free and the answer is yes. Distractors: Juniper is booked today
    from 2 to 3 PM and on Thursday at the same hours, and the Hawthorn room
    is booked tomorrow from 2 to 3 PM.
    """

    import datetime

    simulate_org_structure(["Berengar", "Clodagh"])
    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

    def slot(day, start_hour, start_minute, end_hour, end_minute):
        return TimeInterval(
            start=combine(day, datetime.time(start_hour, start_minute)),
            end=combine(day, datetime.time(end_hour, end_minute)),
        )

    simulate_conference_room(
        "Hawthorn", 8, {tomorrow: [slot(tomorrow, 14, 0, 15, 0)]}
    )
    simulate_conference_room(
        "Juniper",
        6,
        {
            today: [slot(today, 14, 0, 15, 0)],
            tomorrow: [
                slot(tomorrow, 10, 0, 11, 0),
                slot(tomorrow, 15, 0, 16, 0),
            ],
            thursday: [slot(thursday, 14, 0, 15, 0)],
        },
    )


def evaluate_is_juniper_free_tomorrow_two_to_three(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], is the Juniper room free tomorrow from 2 to 3 PM?

    In this world Juniper is booked tomorrow from 1:30 to 2:15 PM, so the
    program must return False, and it must leave the calendar unchanged.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if not isinstance(answer, bool):
        raise SolutionError(f"expected a bool answer, got {answer!r}")
    if answer:
        raise SolutionError(
            "Juniper is booked tomorrow 13:30-14:15, expected False, got True"
        )
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError("the calendar changed while answering a question")


def evaluate_is_juniper_free_tomorrow_two_to_three(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], is the Juniper room free tomorrow from 2 to 3 PM?

    In this world Juniper has no booking tomorrow between 2 and 3 PM (the
    next one starts at 3 PM), so the program must return True, and it must
    leave the calendar unchanged.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if not isinstance(answer, bool):
        raise SolutionError(f"expected a bool answer, got {answer!r}")
    if not answer:
        raise SolutionError(
            "Juniper is free tomorrow 14:00-15:00, expected True, got False"
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
        evaluate_is_juniper_free_tomorrow_two_to_three(
            query="",
            executable=is_juniper_free_tomorrow_two_to_three,
            setup_function=setup_env_is_juniper_free_tomorrow_two_to_three,
        )
