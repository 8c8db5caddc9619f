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
# Hey, [Assistant], find an hour tomorrow when Linnea and I are both free and put a catch-up with her there.
# Tags: handback, availability, shared_calendar
# Apps: no room_booking
def catch_up_with_linnea_tomorrow():
    """Schedule a one-hour catch-up with Linnea tomorrow in the first hour
    when both calendars are free; ask the user if the name is ambiguous."""

    candidates = find_employee("Linnea")
    if len(candidates) != 1:
        raise RequiresUserInput(
            f"I found {len(candidates)} colleagues called Linnea. Which one "
            "do you mean?"
        )
    linnea = candidates[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    events = find_events() + [
        event
        for event in get_calendar(linnea)
        if event.starts_at.date() <= tomorrow
        and (event.ends_at or event.starts_at).date() >= tomorrow
    ]
    slots = find_available_slots(events, get_search_settings("work"), tomorrow)
    for slot in slots:
        if slot.end - slot.start >= datetime.timedelta(hours=1):
            add_event(
                Event(
                    attendees=[linnea],
                    subject="Catch-up",
                    starts_at=slot.start,
                    ends_at=slot.start + datetime.timedelta(hours=1),
                )
            )
            return
    raise RequiresUserInput("You and Linnea have no common free hour tomorrow.")


#OK:
def setup_env_catch_up_with_linnea_tomorrow():
    """World in which the user asks:

    Hey, [Assistant], find an hour tomorrow when Linnea and I are both free and put a catch-up with her there.

    Two colleagues are called Linnea (Linnea Holm and Linnea Varga). Each
    shares a calendar and each has a common free hour with the user
    tomorrow, so the assistant cannot tell whom the user means and must
    ask.
    """

    import datetime

    simulate_org_structure(["Linnea Holm", "Linnea Varga", "Mervyn"])
    holm = find_employee("Linnea Holm")[0]
    varga = find_employee("Linnea Varga")[0]
    mervyn = find_employee("Mervyn")[0]

    tomorrow = now_().date() + datetime.timedelta(days=1)

    def meeting(people, subject, hour, minute, minutes):
        start = combine(tomorrow, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([mervyn], "Standup", 9, 30, 30),
            meeting([mervyn], "Spec review", 15, 30, 30),
        ]
    )
    simulate_employee_calendar(
        holm, [meeting([mervyn], "Audit prep", 10, 0, 120)]
    )
    simulate_employee_calendar(
        varga, [meeting([mervyn], "Onboarding", 13, 0, 120)]
    )


def evaluate_catch_up_with_linnea_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], find an hour tomorrow when Linnea and I are both free and put a catch-up with her there.

    Two colleagues are called Linnea, so the program must raise
    RequiresUserInput without having changed the calendar first.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    try:
        _ = executable()
    except RequiresUserInput:
        if (
            find_events() != upcoming_before
            or find_past_events() != past_before
        ):
            raise SolutionError(
                "the calendar was changed before asking the user"
            )
    else:
        raise SolutionError(
            "two colleagues are called Linnea; expected RequiresUserInput"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_catch_up_with_linnea_tomorrow(
            query="",
            executable=catch_up_with_linnea_tomorrow,
            setup_function=setup_env_catch_up_with_linnea_tomorrow,
        )
