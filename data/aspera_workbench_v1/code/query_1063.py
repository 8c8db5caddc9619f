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
# Tags: handback, action, conditional, availability, shared_calendar
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


#OK:
def setup_env_catch_up_with_linnea_tomorrow():
    """World in which the user asks:

    Hey, [Assistant], find an hour tomorrow when Linnea and I are both free and put a catch-up with her there.

    The contrasting world: one colleague is called Linnea. Tomorrow the
    user is busy 9:30-10:00, 12:00-12:45 and 15:30-16:00 and Linnea
    10:00-12:00 and 13:45-15:30, so a free common hour fits in 12:45-13:45
    or 16:00-17:10; Linnea alone is free from 12:00, the user alone from
    10:00.
    """

    import datetime

    simulate_org_structure(["Linnea Holm", "Mervyn", "Osric"])
    linnea = find_employee("Linnea")[0]
    mervyn = find_employee("Mervyn")[0]
    osric = find_employee("Osric")[0]

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
            meeting([osric], "Lunch with Osric", 12, 0, 45),
            meeting([mervyn], "Spec review", 15, 30, 30),
        ]
    )
    simulate_employee_calendar(
        linnea,
        [
            meeting([mervyn], "Audit prep", 10, 0, 120),
            meeting([osric], "Vendor onboarding", 13, 45, 105),
        ],
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


def evaluate_catch_up_with_linnea_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], find an hour tomorrow when Linnea and I are both free and put a catch-up with her there.

    Contrasting world: exactly one event must be added, one hour long,
    tomorrow (2024-06-26) within working hours (09:06-17:10), clashing
    with no meeting of the user or of Linnea, with Linnea as the only
    attendee (the user may be listed too). Any such hour is right. Nothing
    else may change.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before or any(
        e not in upcoming_after for e in upcoming_before
    ):
        raise SolutionError("existing events must not change")
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(added) != 1:
        raise SolutionError(f"expected one new event, found {len(added)}")
    catch_up = added[0]
    linnea = find_employee("Linnea")[0]
    if catch_up.ends_at - catch_up.starts_at != datetime.timedelta(hours=1):
        raise SolutionError("the catch-up must last one hour")
    if catch_up.starts_at < datetime.datetime(
        2024, 6, 26, 9, 6
    ) or catch_up.ends_at > datetime.datetime(2024, 6, 26, 17, 10):
        raise SolutionError(
            "expected the catch-up tomorrow within working hours, found "
            f"{catch_up.starts_at} to {catch_up.ends_at}"
        )
    for event in get_calendar(linnea) + upcoming_before:
        if (
            event.starts_at < catch_up.ends_at
            and catch_up.starts_at < event.ends_at
        ):
            raise SolutionError(
                f"the catch-up at {catch_up.starts_at} clashes with "
                f"{event.subject!r}"
            )
    me = get_current_user()
    if [p for p in catch_up.attendees or [] if p != me] != [linnea]:
        raise SolutionError(
            "expected Linnea as the only attendee, found "
            + ", ".join(p.name for p in catch_up.attendees or [])
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
