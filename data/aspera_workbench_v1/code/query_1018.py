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
# Hey, [Assistant], cancel all my upcoming meetings with just Fenella and Ruairi, the three of us and nobody else.
# Tags: action, delete, loop
# Apps: no room_booking
def cancel_meetings_with_fenella_and_ruairi():
    """Delete every upcoming meeting whose attendees are exactly Fenella and
    Ruairi."""

    fenella = find_employee("Fenella")[0]
    ruairi = find_employee("Ruairi")[0]
    # the attendee filter matches the exact set of attendees
    for meeting in find_events(attendees=[fenella, ruairi]):
        delete_event(meeting)


#OK:
def setup_env_cancel_meetings_with_fenella_and_ruairi():
    """World in which the user asks:

    Hey, [Assistant], cancel all my upcoming meetings with just Fenella and Ruairi, the three of us and nobody else.

    Three upcoming meetings have exactly Fenella and Ruairi as attendees:
    tomorrow at 10 AM, this Friday at 2 PM and a weekly series of four
    starting next Tuesday. Distractors: a meeting with Fenella alone, one
    with Fenella, Ruairi and Odile, and a meeting of the three that took
    place yesterday.
    """

    import datetime

    simulate_org_structure(["Fenella", "Ruairi", "Odile"])
    fenella = find_employee("Fenella")[0]
    ruairi = find_employee("Ruairi")[0]
    odile = find_employee("Odile")[0]

    today = now_().date()
    one_day = datetime.timedelta(days=1)
    plan = [
        (
            [fenella, ruairi],
            today + one_day,
            time_by_hm(10, 0, "am"),
            "Launch plan",
        ),
        (
            [ruairi, fenella],
            get_next_dow("Friday"),
            time_by_hm(2, 0, "pm"),
            "Pricing",
        ),
        (
            [fenella],
            get_next_dow("Thursday"),
            time_by_hm(10, 0, "am"),
            "Pricing",
        ),
        (
            [fenella, ruairi, odile],
            get_next_dow("Monday"),
            time_by_hm(11, 0, "am"),
            "Launch plan",
        ),
        (
            [fenella, ruairi],
            today - one_day,
            time_by_hm(3, 0, "pm"),
            "Kick-off",
        ),
    ]
    events = []
    for people, day, at, subject in plan:
        start = combine(day, at)
        events.append(
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=45),
            )
        )
    weekly = combine(get_next_dow("Tuesday"), time_by_hm(9, 30, "am"))
    events.append(
        Event(
            attendees=[fenella, ruairi],
            subject="Launch stand-up",
            starts_at=weekly,
            ends_at=weekly + datetime.timedelta(minutes=15),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=4
            ),
        )
    )
    simulate_user_calendar(events)


def evaluate_cancel_meetings_with_fenella_and_ruairi(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], cancel all my upcoming meetings with just Fenella and Ruairi, the three of us and nobody else.

    The three upcoming meetings (one of them a weekly series, which must go
    with all its occurrences) whose attendees are exactly Fenella and Ruairi
    must be deleted. The meeting with Fenella alone, the one that also
    includes Odile and yesterday's meeting must stay; nothing may be added.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()
    pair = sorted(
        [
            find_employee("Fenella")[0].employee_id,
            find_employee("Ruairi")[0].employee_id,
        ]
    )

    def only_the_pair(event):
        return sorted(p.employee_id for p in event.attendees or []) == pair

    targets = [e for e in upcoming_before if only_the_pair(e)]
    keep = [e for e in upcoming_before if not only_the_pair(e)]
    series = [e for e in targets if e.repeats is not None][0]
    occurrence_ids = [i.event_id for i in get_event_instances(series)]

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    left = [e.subject for e in targets if e in upcoming_after]
    if left:
        raise SolutionError(
            f"meetings with only Fenella and Ruairi remain: {left}"
        )
    if upcoming_after != keep:
        raise SolutionError("another meeting was added, changed or deleted")
    stored = get_event_ids()
    if [i for i in occurrence_ids if i in stored]:
        raise SolutionError("occurrences of the weekly series are still stored")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_cancel_meetings_with_fenella_and_ruairi(
            query="",
            executable=cancel_meetings_with_fenella_and_ruairi,
            setup_function=setup_env_cancel_meetings_with_fenella_and_ruairi,
        )
