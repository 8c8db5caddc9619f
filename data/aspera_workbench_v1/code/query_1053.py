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
# Hey, [Assistant], cancel every meeting next week that includes someone from my team who is on holiday on the day of that meeting.
# Tags: action, delete, vacation, org_structure, loop, conditional, relative_dates
# Apps: no room_booking
def cancel_meetings_with_teammates_on_holiday():
    """Delete the meetings of next week in which at least one attendee is a
    teammate of the user who is on holiday that day."""

    me = get_current_user()
    team = find_team_of(me)
    holidays = {}
    for colleague in team:
        holidays[colleague.employee_id] = get_vacation_schedule(colleague) or []
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    for event in find_events():
        day = event.starts_at.date()
        if day < next_week.start or day > next_week.end:
            continue
        cancel = False
        for attendee in event.attendees or []:
            for holiday in holidays.get(attendee.employee_id, []):
                if holiday.contains_date(day):
                    cancel = True
        if cancel:
            delete_event(event)


# OK:
def setup_env_cancel_meetings_with_teammates_on_holiday():
    """World in which the user asks:

    Hey, [Assistant], cancel every meeting next week that includes someone from my team who is on holiday on the day of that meeting.

    The user is in Engineering, extended with Ingeborg, Wystan and Kerensa.
    Ingeborg is off next Monday and Tuesday, Wystan next Thursday and
    Friday; Dariusz, who works in Finance, is off all of next week. To be
    cancelled: next Monday's one-to-one with Ingeborg and next Thursday's
    meeting with Wystan and Kerensa. To be kept: Ingeborg on Wednesday,
    Wystan on Tuesday, Kerensa on Friday, Dariusz on Monday (not a
    teammate), Ingeborg on the Monday after next and Wystan this Friday.
    """

    import datetime

    simulate_org_structure(
        ["Clementine", "Jolyon"],
        teams_to_extend={
            Team.Engineering: ["Ingeborg", "Wystan", "Kerensa"],
            Team.Finance: ["Dariusz"],
        },
    )
    ingeborg = find_employee("Ingeborg")[0]
    wystan = find_employee("Wystan")[0]
    kerensa = find_employee("Kerensa")[0]
    dariusz = find_employee("Dariusz")[0]

    next_monday = get_next_dow("Monday")

    def on(offset: int, hour: int, minute: int) -> datetime.datetime:
        day = next_monday + datetime.timedelta(days=offset)
        return combine(day, datetime.time(hour, minute))

    simulate_vacation_schedule(
        ingeborg, [TimeInterval(start=on(0, 0, 0), end=on(1, 23, 59))]
    )
    simulate_vacation_schedule(
        wystan, [TimeInterval(start=on(3, 0, 0), end=on(4, 23, 59))]
    )
    simulate_vacation_schedule(
        dariusz, [TimeInterval(start=on(0, 0, 0), end=on(4, 23, 59))]
    )

    plan = [
        ([ingeborg], 0, 10, 30, "One-to-one"),
        ([wystan, kerensa], 3, 11, 60, "Service design"),
        ([ingeborg], 2, 10, 30, "One-to-one"),
        ([wystan], 1, 15, 30, "Release checklist"),
        ([kerensa], 4, 9, 45, "Test strategy"),
        ([dariusz], 0, 14, 30, "Cloud invoice"),
        ([ingeborg], 7, 10, 30, "One-to-one"),
        ([wystan], -3, 15, 30, "Release checklist"),
    ]
    events = []
    for people, offset, hour, minutes, subject in plan:
        start = on(offset, hour, 0)
        events.append(
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
        )
    simulate_user_calendar(events)


def evaluate_cancel_meetings_with_teammates_on_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], cancel every meeting next week that includes someone from my team who is on holiday on the day of that meeting.

    Exactly two events must be gone: next Monday's one-to-one with Ingeborg
    and next Thursday's meeting with Wystan and Kerensa. Every other event
    must be left exactly as it was and nothing may be added.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g.
        `cancel_meetings_with_teammates_on_holiday`.
    setup_function
        `setup_env_cancel_meetings_with_teammates_on_holiday`, which builds
        the world."""

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events must not change")
    added = [e for e in upcoming_after if e not in upcoming_before]
    if added:
        raise SolutionError(
            f"no event may be added or changed, found {added[0]}"
        )
    removed = [e for e in upcoming_before if e not in upcoming_after]
    expected = {
        (datetime.datetime(2024, 7, 1, 10, 0), ("Ingeborg",)),
        (datetime.datetime(2024, 7, 4, 11, 0), ("Kerensa", "Wystan")),
    }
    got = {
        (e.starts_at, tuple(sorted(p.name for p in e.attendees or [])))
        for e in removed
    }
    if got != expected or len(removed) != 2:
        cancelled = sorted(
            f"{start} with {', '.join(names)}" for start, names in got
        )
        raise SolutionError(
            "expected exactly the Monday 1 July one-to-one with Ingeborg and "
            "the "
            "Thursday 4 July meeting with Wystan and Kerensa to be cancelled, "
            f"cancelled {cancelled}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_cancel_meetings_with_teammates_on_holiday(
            query="",
            executable=cancel_meetings_with_teammates_on_holiday,
            setup_function=setup_env_cancel_meetings_with_teammates_on_holiday,
        )
