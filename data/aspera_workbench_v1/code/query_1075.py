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
# Hey, [Assistant], which conference rooms are free for the whole of tomorrow afternoon, from 1 to 5 PM? Just give me their names.
# Tags: information, rooms, relative_dates
def rooms_free_tomorrow_afternoon() -> list[str]:
    """Return the names of the rooms with no booking between 1 and 5 PM
    tomorrow."""

    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    afternoon = TimeInterval(
        start=combine(tomorrow, time_by_hm(1, 0, "pm")),
        end=combine(tomorrow, time_by_hm(5, 0, "pm")),
    )
    return [
        option.room.room_name
        for option in search_conference_room([afternoon])
        if any(slot.includes(afternoon) for slot in option.free_slots)
    ]


#OK:
def setup_env_rooms_free_tomorrow_afternoon():
    """World in which the user asks:

    Hey, [Assistant], which conference rooms are free for the whole of tomorrow afternoon, from 1 to 5 PM? Just give me their names.

    Lagoon has no bookings, Delta is booked tomorrow until 1 PM and
    Estuary only today, so these three are free. Fjord is booked tomorrow
    from 4:30 PM and Cove from 1 to 1:15 PM, so they are not.
    """

    import datetime

    simulate_org_structure(["Keturah", "Leofric"])
    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)

    def booking(day, start, end):
        return TimeInterval(
            start=combine(day, datetime.time(*start)),
            end=combine(day, datetime.time(*end)),
        )

    simulate_conference_room("Lagoon", 8)
    simulate_conference_room(
        "Fjord",
        4,
        {
            tomorrow: [
                booking(tomorrow, (9, 30), (10, 30)),
                booking(tomorrow, (16, 30), (17, 30)),
            ]
        },
    )
    simulate_conference_room(
        "Delta", 6, {tomorrow: [booking(tomorrow, (12, 0), (13, 0))]}
    )
    simulate_conference_room(
        "Estuary", 10, {today: [booking(today, (14, 0), (14, 30))]}
    )
    simulate_conference_room(
        "Cove", 2, {tomorrow: [booking(tomorrow, (13, 0), (13, 15))]}
    )


def evaluate_rooms_free_tomorrow_afternoon(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], which conference rooms are free for the whole of tomorrow afternoon, from 1 to 5 PM? Just give me their names.

    The program must return the names Lagoon, Delta and Estuary (in any
    order, as a list, tuple or set of strings) and must not change the
    calendar.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if not isinstance(answer, (list, tuple, set)) or not all(
        isinstance(name, str) for name in answer
    ):
        raise SolutionError(f"expected a list of room names, got {answer!r}")
    if len(answer) != len(set(answer)):
        raise SolutionError(f"room names are repeated in {answer!r}")
    if set(answer) != {"Lagoon", "Delta", "Estuary"}:
        raise SolutionError(
            f"expected Lagoon, Delta and Estuary, got {sorted(answer)}"
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
        evaluate_rooms_free_tomorrow_afternoon(
            query="",
            executable=rooms_free_tomorrow_afternoon,
            setup_function=setup_env_rooms_free_tomorrow_afternoon,
        )
