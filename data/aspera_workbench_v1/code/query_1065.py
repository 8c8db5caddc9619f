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
# Hey, [Assistant], set up a two-hour workshop with Osric tomorrow at a time when we're both free.
# Tags: handback, action, conditional, availability, shared_calendar
# Apps: no room_booking
def two_hour_workshop_with_osric_tomorrow():
    """Put a two-hour workshop with Osric tomorrow in the first gap that is
    free in both calendars; ask the user when there is none."""

    osric = find_employee("Osric")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    theirs = [
        event
        for event in get_calendar(osric)
        if event.ends_at is not None
        and event.starts_at.date() <= tomorrow <= event.ends_at.date()
    ]
    slots = find_available_slots(
        find_events() + theirs, get_search_settings("work"), tomorrow
    )
    for slot in slots:
        if slot.end - slot.start >= datetime.timedelta(hours=2):
            add_event(
                Event(
                    attendees=[osric],
                    subject="Workshop",
                    starts_at=slot.start,
                    ends_at=slot.start + datetime.timedelta(hours=2),
                )
            )
            return
    raise RequiresUserInput(
        "You and Osric have no two free hours in common tomorrow. Should I "
        "look at another day or shorten the workshop?"
    )


#OK:
def setup_env_two_hour_workshop_with_osric_tomorrow():
    """World in which the user asks:

    Hey, [Assistant], set up a two-hour workshop with Osric tomorrow at a time when we're both free.

    Tomorrow the user is free 09:06-11:00 and 13:00-15:30; Osric is busy
    13:30-14:30, so the longest common gap lasts 114 minutes and the
    workshop does not fit. The user's own 13:00-15:30 gap would fit it, and
    Thursday is free for both.
    """

    import datetime

    simulate_org_structure(["Osric", "Pernille", "Quirin"])
    osric = find_employee("Osric")[0]
    pernille = find_employee("Pernille")[0]
    quirin = find_employee("Quirin")[0]

    today = now_().date()
    yesterday = today - datetime.timedelta(days=1)
    tomorrow = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

    def meeting(people, subject, day, hour, minute, minutes):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([pernille], "Sprint review", tomorrow, 11, 0, 60),
            meeting([quirin], "Lunch with Quirin", tomorrow, 12, 0, 60),
            meeting([pernille], "Vendor demo", tomorrow, 15, 30, 60),
            meeting([quirin], "Weekly report", tomorrow, 16, 30, 40),
            meeting([pernille], "Planning poker", thursday, 16, 0, 30),
        ]
    )
    simulate_employee_calendar(
        osric,
        [
            meeting([quirin], "Kickoff", yesterday, 10, 0, 60),
            meeting([pernille], "Budget sync", tomorrow, 13, 30, 60),
            meeting([quirin], "Ops handover", thursday, 9, 30, 30),
        ],
    )


#OK:
def setup_env_two_hour_workshop_with_osric_tomorrow():
    """World in which the user asks:

    Hey, [Assistant], set up a two-hour workshop with Osric tomorrow at a time when we're both free.

    The contrasting world: tomorrow the user's sprint review runs
    11:30-12:00, so the user alone is free 09:06-11:30 and 13:00-15:30;
    Osric is busy 10:00-10:30 and 15:00-16:00, so he alone is free
    10:30-15:00. The one two-hour gap free in both calendars is
    13:00-15:00.
    """

    import datetime

    simulate_org_structure(["Osric", "Pernille", "Quirin"])
    osric = find_employee("Osric")[0]
    pernille = find_employee("Pernille")[0]
    quirin = find_employee("Quirin")[0]

    today = now_().date()
    yesterday = today - datetime.timedelta(days=1)
    tomorrow = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

    def meeting(people, subject, day, hour, minute, minutes):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([pernille], "Sprint review", tomorrow, 11, 30, 30),
            meeting([quirin], "Lunch with Quirin", tomorrow, 12, 0, 60),
            meeting([pernille], "Vendor demo", tomorrow, 15, 30, 60),
            meeting([quirin], "Weekly report", tomorrow, 16, 30, 40),
            meeting([pernille], "Planning poker", thursday, 16, 0, 30),
        ]
    )
    simulate_employee_calendar(
        osric,
        [
            meeting([quirin], "Kickoff", yesterday, 10, 0, 60),
            meeting([quirin], "Standup", tomorrow, 10, 0, 30),
            meeting([pernille], "Budget sync", tomorrow, 15, 0, 60),
            meeting([quirin], "Ops handover", thursday, 9, 30, 30),
        ],
    )


def evaluate_two_hour_workshop_with_osric_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a two-hour workshop with Osric tomorrow at a time when we're both free.

    No two-hour gap is free in both calendars tomorrow, so the program
    must raise RequiresUserInput without having changed the calendar
    first.
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
            "the user and Osric share no two free hours tomorrow; expected "
            "RequiresUserInput"
        )


def evaluate_two_hour_workshop_with_osric_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a two-hour workshop with Osric tomorrow at a time when we're both free.

    Contrasting world: exactly one event must be added, two hours long,
    tomorrow (2024-06-26) within working hours (09:06-17:10), clashing
    with no meeting of the user or of Osric (only 13:00-15:00 qualifies),
    with Osric as the only attendee (the user may be listed too). Nothing
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
    workshop = added[0]
    osric = find_employee("Osric")[0]
    if workshop.ends_at - workshop.starts_at != datetime.timedelta(hours=2):
        raise SolutionError("the workshop must last two hours")
    if workshop.starts_at < datetime.datetime(
        2024, 6, 26, 9, 6
    ) or workshop.ends_at > datetime.datetime(2024, 6, 26, 17, 10):
        raise SolutionError(
            "expected the workshop tomorrow within working hours, found "
            f"{workshop.starts_at} to {workshop.ends_at}"
        )
    for event in get_calendar(osric) + upcoming_before:
        if (
            event.starts_at < workshop.ends_at
            and workshop.starts_at < event.ends_at
        ):
            raise SolutionError(
                f"the workshop at {workshop.starts_at} clashes with "
                f"{event.subject!r}"
            )
    me = get_current_user()
    if [p for p in workshop.attendees or [] if p != me] != [osric]:
        raise SolutionError(
            "expected Osric as the only attendee, found "
            + ", ".join(p.name for p in workshop.attendees or [])
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_two_hour_workshop_with_osric_tomorrow(
            query="",
            executable=two_hour_workshop_with_osric_tomorrow,
            setup_function=setup_env_two_hour_workshop_with_osric_tomorrow,
        )
