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


#OK:
# Hey, [Assistant], how much free time do I have on Thursday during working hours? Give me the total in minutes.
# Tags: information, availability
# Apps: no room_booking
def free_minutes_on_thursday() -> int:
    """Return the total length, in minutes, of the gaps in Thursday's
    working hours."""

    thursday = get_next_dow("Thursday")
    slots = find_available_slots(
        find_events(), get_search_settings("work"), thursday
    )
    total = datetime.timedelta(0)
    for slot in slots:
        total += slot.end - slot.start
    return int(total.total_seconds() // 60)


#OK:
def setup_env_free_minutes_on_thursday():
    """World in which the user asks:

    Hey, [Assistant], how much free time do I have on Thursday during working hours? Give me the total in minutes.

    Thursday's working hours run from 09:06 to 17:10. Meetings: 9:00-9:30,
    10:00-11:00 and 10:30-11:30 (overlapping), 13:00-14:00, 16:45-17:30,
    plus an optional session 14:30-15:00 shown as free. The gaps are
    9:30-10:00, 11:30-13:00 and 14:00-16:45: 30 + 90 + 165 = 285 minutes.
    """

    import datetime

    simulate_org_structure(["Leofric", "Mirela", "Niamh"])
    leofric = find_employee("Leofric")[0]
    mirela = find_employee("Mirela")[0]
    niamh = find_employee("Niamh")[0]

    today = now_().date()
    wednesday = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)
    friday = today + datetime.timedelta(days=3)

    def meeting(people, subject, day, start, end, status=ShowAsStatus.Busy):
        return Event(
            attendees=people,
            subject=subject,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
            show_as_status=status,
        )

    simulate_user_calendar(
        [
            meeting([leofric], "Inbox triage", wednesday, (10, 0), (11, 0)),
            meeting([mirela], "Early sync", thursday, (9, 0), (9, 30)),
            meeting([niamh], "Budget review", thursday, (10, 0), (11, 0)),
            meeting([leofric], "Hiring loop", thursday, (10, 30), (11, 30)),
            meeting([mirela, niamh], "Design crit", thursday, (13, 0), (14, 0)),
            meeting(
                [],
                "Optional yoga session",
                thursday,
                (14, 30),
                (15, 0),
                ShowAsStatus.Free,
            ),
            meeting([leofric], "Late call", thursday, (16, 45), (17, 30)),
            meeting([niamh], "Retro", friday, (14, 0), (15, 0)),
        ]
    )


def evaluate_free_minutes_on_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], how much free time do I have on Thursday during working hours? Give me the total in minutes.

    The program must return 285 (an int, or a float equal to it) and must
    not change the calendar.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if isinstance(answer, bool) or not isinstance(answer, (int, float)):
        raise SolutionError(f"expected a number of minutes, got {answer!r}")
    if answer != 285:
        raise SolutionError(f"expected 285 free minutes, got {answer}")
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError("the calendar changed while answering a question")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_free_minutes_on_thursday(
            query="",
            executable=free_minutes_on_thursday,
            setup_function=setup_env_free_minutes_on_thursday,
        )
