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
# Hey, [Assistant], what's the largest conference room that's free on Friday from 10 to 11 AM?
# Tags: information, rooms
def largest_room_free_friday_morning() -> str:
    """Return the name of the room with the most seats among those with no
    booking on Friday between 10 and 11 AM."""

    friday = get_next_dow("Friday")
    wanted = TimeInterval(
        start=combine(friday, time_by_hm(10, 0, "am")),
        end=combine(friday, time_by_hm(11, 0, "am")),
    )
    free = [
        option.room
        for option in search_conference_room([wanted])
        if any(slot.includes(wanted) for slot in option.free_slots)
    ]
    if not free:
        raise RequiresUserInput("No room is free on Friday from 10 to 11 AM.")
    return max(free, key=lambda room: room.capacity).room_name


#OK:
def setup_env_largest_room_free_friday_morning():
    """World in which the user asks:

    Hey, [Assistant], what's the largest conference room that's free on Friday from 10 to 11 AM?

    Summit (20 seats) is booked on Friday 10:30-11:30; Canyon (16) is
    booked on Thursday 10-11 but free on Friday; Ridge (14) and Valley (8)
    are free. Answer: Canyon.
    """

    import datetime

    simulate_org_structure(["Odhran", "Pernille"])
    today = now_().date()
    thursday = today + datetime.timedelta(days=2)
    friday = today + datetime.timedelta(days=3)

    def booking(day, start, end):
        return TimeInterval(
            start=combine(day, datetime.time(*start)),
            end=combine(day, datetime.time(*end)),
        )

    simulate_conference_room(
        "Summit", 20, {friday: [booking(friday, (10, 30), (11, 30))]}
    )
    simulate_conference_room(
        "Ridge", 14, {friday: [booking(friday, (14, 0), (15, 0))]}
    )
    simulate_conference_room(
        "Canyon",
        16,
        {
            thursday: [booking(thursday, (10, 0), (11, 0))],
            friday: [booking(friday, (11, 0), (12, 0))],
        },
    )
    simulate_conference_room("Valley", 8)


def evaluate_largest_room_free_friday_morning(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], what's the largest conference room that's free on Friday from 10 to 11 AM?

    The program must answer Canyon and must not change the calendar. The
    answer is the room, or a text that names Canyon and no other room (in
    any words, case ignored): a text naming every room is no answer.
    """

    import re

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if isinstance(answer, ConferenceRoom):
        answer = answer.room_name
    if not isinstance(answer, str):
        raise SolutionError(f"expected Canyon, got {answer!r}")
    named = {
        room
        for room in ("Summit", "Ridge", "Canyon", "Valley")
        if re.search(r"\b" + room + r"\b", answer, re.IGNORECASE)
    }
    if named != {"Canyon"}:
        raise SolutionError(
            f"expected an answer naming Canyon and no other room, got {answer!r}"
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
        evaluate_largest_room_free_friday_morning(
            query="",
            executable=largest_room_free_friday_morning,
            setup_function=setup_env_largest_room_free_friday_morning,
        )
