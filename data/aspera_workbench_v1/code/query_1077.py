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
# Hey, [Assistant], which of Aurelio, Bronagh, Cosima and Darragh are free tomorrow from 3 to 4 PM?
# Tags: information, availability, shared_calendar, vacation, loop
# Apps: no room_booking
def who_is_free_tomorrow_three_to_four() -> list[str]:
    """Return the names of those four colleagues who are neither on
    vacation nor in a meeting tomorrow between 3 and 4 PM."""

    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    window = TimeInterval(
        start=combine(tomorrow, time_by_hm(3, 0, "pm")),
        end=combine(tomorrow, time_by_hm(4, 0, "pm")),
    )
    free = []
    for name in ["Aurelio", "Bronagh", "Cosima", "Darragh"]:
        person = find_employee(name)[0]
        away = get_vacation_schedule(person) or []
        if any(intervals_overlap(interval, window) for interval in away):
            continue
        busy = False
        for event in get_calendar(person):
            if (
                event.ends_at is None
                or event.show_as_status == ShowAsStatus.Free
            ):
                continue
            meeting = TimeInterval(start=event.starts_at, end=event.ends_at)
            if intervals_overlap(meeting, window):
                busy = True
        if not busy:
            free.append(person.name)
    return free


#OK:
def setup_env_who_is_free_tomorrow_three_to_four():
    """World in which the user asks:

    Hey, [Assistant], which of Aurelio, Bronagh, Cosima and Darragh are free tomorrow from 3 to 4 PM?

    Aurelio's meeting tomorrow ends at 3 PM and Darragh's starts at 4 PM,
    so both are free; Bronagh has a meeting at 3:30 PM; Cosima's calendar
    is empty but she is on vacation tomorrow and Thursday. Answer: Aurelio
    and Darragh.
    """

    import datetime

    names = ["Aurelio", "Bronagh", "Cosima", "Darragh"]
    simulate_org_structure(names + ["Eirwen"])
    aurelio, bronagh, cosima, darragh, eirwen = [
        find_employee(name)[0] for name in names + ["Eirwen"]
    ]

    today = now_().date()
    yesterday = today - datetime.timedelta(days=1)
    tomorrow = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

    def meeting(subject, day, start, end):
        return Event(
            attendees=[eirwen],
            subject=subject,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    simulate_employee_calendar(
        aurelio,
        [
            meeting("Pricing model", tomorrow, (14, 0), (15, 0)),
            meeting("Partner sync", thursday, (15, 0), (16, 0)),
        ],
    )
    simulate_employee_calendar(
        bronagh, [meeting("Quarterly numbers", tomorrow, (15, 30), (16, 0))]
    )
    simulate_employee_calendar(
        darragh,
        [
            meeting("Status", yesterday, (15, 0), (16, 0)),
            meeting("Tooling demo", tomorrow, (16, 0), (16, 30)),
        ],
    )
    simulate_vacation_schedule(
        cosima,
        [
            TimeInterval(
                start=combine(tomorrow, datetime.time(0, 0)),
                end=combine(thursday, datetime.time(23, 59)),
            )
        ],
    )
    simulate_user_calendar(
        [meeting("Weekly sync", tomorrow, (15, 0), (15, 30))]
    )


def evaluate_who_is_free_tomorrow_three_to_four(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], which of Aurelio, Bronagh, Cosima and Darragh are free tomorrow from 3 to 4 PM?

    The program must return Aurelio and Darragh, in any order, as names or
    as Employee objects, and must not change the calendar.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if not isinstance(answer, (list, tuple, set)):
        raise SolutionError(f"expected a list of colleagues, got {answer!r}")
    names = []
    for item in answer:
        if isinstance(item, Employee):
            names.append(item.name)
        elif isinstance(item, str):
            names.append(item)
        else:
            raise SolutionError(f"unexpected item in the answer: {item!r}")
    if sorted(names) != ["Aurelio", "Darragh"]:
        raise SolutionError(
            f"expected Aurelio and Darragh, got {sorted(names)}"
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
        evaluate_who_is_free_tomorrow_three_to_four(
            query="",
            executable=who_is_free_tomorrow_three_to_four,
            setup_function=setup_env_who_is_free_tomorrow_three_to_four,
        )
