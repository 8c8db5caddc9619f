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
# Hey, [Assistant], book a 1-hour planning session with Evander from 3 to 4 PM on the first weekday next week when he isn't on holiday and his calendar is free at that time.
# Tags: action, vacation, availability, shared_calendar, loop, conditional, relative_dates
def planning_session_with_evander():
    """Book 15:00-16:00 with Evander on the first weekday of next week on
    which he is not on holiday and has nothing in his calendar at that
    time."""

    evander = find_employee("Evander")[0]
    holidays = get_vacation_schedule(evander) or []
    his_events = get_calendar(evander)
    for day in parse_duration_to_calendar("NextWeek")[0][:5]:
        slot = TimeInterval(
            start=combine(day, time_by_hm(3, 0, "pm")),
            end=combine(day, time_by_hm(4, 0, "pm")),
        )
        if any(intervals_overlap(slot, holiday) for holiday in holidays):
            continue
        busy = False
        for event in his_events:
            if event.show_as_status == ShowAsStatus.Free:
                continue
            if event.starts_at is None or event.ends_at is None:
                continue
            taken = TimeInterval(start=event.starts_at, end=event.ends_at)
            if intervals_overlap(slot, taken):
                busy = True
                break
        if busy:
            continue
        add_event(
            Event(
                attendees=[evander],
                subject="Planning session",
                starts_at=slot.start,
                ends_at=slot.end,
            )
        )
        return
    raise RequiresUserInput(
        "Evander is away or busy from 3 to 4 PM on every weekday next week."
    )


# OK:
def setup_env_planning_session_with_evander():
    """World in which the user asks:

    Hey, [Assistant], book a 1-hour planning session with Evander from 3 to 4 PM on the first weekday next week when he isn't on holiday and his calendar is free at that time.

    Evander is on holiday next Monday and Tuesday; next Wednesday he has a
    meeting from 3:30 to 4 PM, so the session goes on Thursday. His calendar
    also has a meeting on Thursday morning and one this Friday at 3 PM.
    """

    import datetime

    simulate_org_structure(["Evander", "Griselda", "Wystan"])
    evander = find_employee("Evander")[0]
    griselda = find_employee("Griselda")[0]
    wystan = find_employee("Wystan")[0]

    next_monday = get_next_dow("Monday")

    def on(offset: int, hour: int, minute: int) -> datetime.datetime:
        day = next_monday + datetime.timedelta(days=offset)
        return combine(day, datetime.time(hour, minute))

    simulate_vacation_schedule(
        evander, [TimeInterval(start=on(0, 0, 0), end=on(1, 23, 59))]
    )
    simulate_employee_calendar(
        evander,
        [
            Event(
                attendees=[griselda],
                subject="Vendor demo",
                starts_at=on(2, 15, 30),
                ends_at=on(2, 16, 0),
            ),
            Event(
                attendees=[wystan],
                subject="Backlog grooming",
                starts_at=on(3, 10, 0),
                ends_at=on(3, 11, 0),
            ),
            Event(
                attendees=[griselda],
                subject="Quarter retro",
                starts_at=on(-3, 15, 0),
                ends_at=on(-3, 16, 0),
            ),
        ],
    )
    simulate_user_calendar(
        [
            Event(
                attendees=[wystan],
                subject="Budget sync",
                starts_at=on(1, 15, 0),
                ends_at=on(1, 15, 30),
            )
        ]
    )


def evaluate_planning_session_with_evander(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book a 1-hour planning session with Evander from 3 to 4 PM on the first weekday next week when he isn't on holiday and his calendar is free at that time.

    Exactly one event must be added: with Evander alone (the user may be
    listed too), next Thursday
    (2024-07-04) from 15:00 to 16:00. Nothing else may change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `planning_session_with_evander`.
    setup_function
        `setup_env_planning_session_with_evander`, which builds the world."""

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
    new_events = [e for e in upcoming_after if e not in upcoming_before]
    if len(new_events) != 1:
        raise SolutionError(f"expected one new event, found {len(new_events)}")
    session = new_events[0]
    expected_start = combine(datetime.date(2024, 7, 4), time_by_hm(3, 0, "pm"))
    if session.starts_at != expected_start:
        raise SolutionError(
            f"expected the session at {expected_start} (Evander is off Monday "
            f"and Tuesday and busy on Wednesday), got {session.starts_at}"
        )
    if session.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("expected the session to end at 4 PM")
    # the user may be listed among the attendees or not
    me = get_current_user()
    if [p for p in session.attendees or [] if p != me] != [
        find_employee("Evander")[0]
    ]:
        raise SolutionError("expected Evander as the only attendee")


# OK:
def setup_env_planning_session_with_evander():
    """World in which the user asks:

    Hey, [Assistant], book a 1-hour planning session with Evander from 3 to 4 PM on the first weekday next week when he isn't on holiday and his calendar is free at that time.

    Evander's holiday is the week after next, and next Monday his only
    afternoon meeting ends at exactly 3 PM, so the session goes on Monday.
    He is busy on Tuesday at 3 PM, and he was on holiday last week.
    """

    import datetime

    simulate_org_structure(["Evander", "Griselda", "Wystan"])
    evander = find_employee("Evander")[0]
    griselda = find_employee("Griselda")[0]
    wystan = find_employee("Wystan")[0]

    next_monday = get_next_dow("Monday")

    def on(offset: int, hour: int, minute: int) -> datetime.datetime:
        day = next_monday + datetime.timedelta(days=offset)
        return combine(day, datetime.time(hour, minute))

    simulate_vacation_schedule(
        evander,
        [
            TimeInterval(start=on(-14, 0, 0), end=on(-10, 23, 59)),
            TimeInterval(start=on(7, 0, 0), end=on(11, 23, 59)),
        ],
    )
    simulate_employee_calendar(
        evander,
        [
            Event(
                attendees=[griselda],
                subject="Hiring sync",
                starts_at=on(0, 14, 0),
                ends_at=on(0, 15, 0),
            ),
            Event(
                attendees=[wystan],
                subject="Release review",
                starts_at=on(1, 15, 0),
                ends_at=on(1, 16, 0),
            ),
        ],
    )


def evaluate_planning_session_with_evander(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book a 1-hour planning session with Evander from 3 to 4 PM on the first weekday next week when he isn't on holiday and his calendar is free at that time.

    Exactly one event must be added: with Evander alone (the user may be
    listed too), next Monday
    (2024-07-01) from 15:00 to 16:00 (a meeting that ends at 3 PM does not
    block the slot). Nothing else may change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `planning_session_with_evander`.
    setup_function
        `setup_env_planning_session_with_evander`, which builds the world."""

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
    new_events = [e for e in upcoming_after if e not in upcoming_before]
    if len(new_events) != 1:
        raise SolutionError(f"expected one new event, found {len(new_events)}")
    session = new_events[0]
    expected_start = combine(datetime.date(2024, 7, 1), time_by_hm(3, 0, "pm"))
    if session.starts_at != expected_start:
        raise SolutionError(
            f"expected the session at {expected_start} (Evander is free from "
            f"3 PM next Monday), got {session.starts_at}"
        )
    if session.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("expected the session to end at 4 PM")
    # the user may be listed among the attendees or not
    me = get_current_user()
    if [p for p in session.attendees or [] if p != me] != [
        find_employee("Evander")[0]
    ]:
        raise SolutionError("expected Evander as the only attendee")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_planning_session_with_evander(
            query="",
            executable=planning_session_with_evander,
            setup_function=setup_env_planning_session_with_evander,
        )
