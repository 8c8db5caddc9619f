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
# Hey, [Assistant], push all of my meetings tomorrow afternoon back by 30 minutes.
# Tags: action, reschedule, loop, relative_dates
# Apps: no room_booking
def push_back_tomorrow_afternoon():
    """Shift every meeting that starts tomorrow afternoon (from noon on) 30
    minutes later, keeping its length."""

    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    noon = combine(tomorrow, time_by_hm(12, 0, "pm"))
    half_hour = Duration(30, TimeUnits.Minutes)
    for meeting in find_events():
        if meeting.starts_at.date() != tomorrow or meeting.starts_at < noon:
            continue
        meeting.starts_at = modify(
            meeting.starts_at, half_hour, operator=DateTimeClauseOperators.add
        )
        meeting.ends_at = modify(
            meeting.ends_at, half_hour, operator=DateTimeClauseOperators.add
        )
        add_event(meeting)


#OK:
def setup_env_push_back_tomorrow_afternoon():
    """World in which the user asks:

    Hey, [Assistant], push all of my meetings tomorrow afternoon back by 30 minutes.

    Tomorrow (2024-06-26) has two morning meetings (9:30 and 11:00) and two
    afternoon meetings (13:00-14:00 and 15:30-16:00). Distractors: an
    afternoon meeting today and one the day after tomorrow.
    """

    import datetime

    simulate_org_structure(["Tobias", "Greta", "Hamish", "Cosmo"])
    tobias = find_employee("Tobias")[0]
    greta = find_employee("Greta")[0]
    hamish = find_employee("Hamish")[0]
    cosmo = find_employee("Cosmo")[0]

    def on(day, hour, minute):
        return datetime.datetime(2024, 6, day, hour, minute)

    plan = [
        ([tobias], on(26, 9, 30), 30, "Standup notes"),
        ([greta], on(26, 11, 0), 45, "Design review"),
        ([hamish], on(26, 13, 0), 60, "Architecture review"),
        ([cosmo], on(26, 15, 30), 30, "Coaching"),
        ([greta], on(25, 14, 0), 30, "Design review"),
        ([hamish], on(27, 14, 0), 60, "Capacity planning"),
    ]
    events = []
    for people, start, minutes, subject in plan:
        events.append(
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
        )
    simulate_user_calendar(events)


def evaluate_push_back_tomorrow_afternoon(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], push all of my meetings tomorrow afternoon back by 30 minutes.

    The architecture review must now run 13:30-14:30 and the coaching
    session 16:00-16:30 on 2024-06-26, with unchanged subject and
    attendees (updated or re-created); every other event stays as it was.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()
    tomorrow = datetime.date(2024, 6, 26)
    afternoon = [
        e
        for e in upcoming_before
        if e.starts_at.date() == tomorrow and e.starts_at.hour >= 12
    ]

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    stayed = [e.subject for e in afternoon if e not in removed]
    if stayed:
        raise SolutionError(f"not moved: {stayed}")
    if len(removed) != len(afternoon):
        raise SolutionError(
            f"only the 2 afternoon meetings should move, {len(removed)} changed"
        )
    if len(added) != len(afternoon):
        raise SolutionError(
            f"expected 2 moved meetings, found {len(added)} new"
        )
    shift = datetime.timedelta(minutes=30)
    for original in afternoon:
        moved = [
            e
            for e in added
            if e.subject == original.subject
            and e.attendees == original.attendees
        ]
        if len(moved) != 1:
            raise SolutionError(f"cannot find the moved {original.subject!r}")
        if (
            moved[0].starts_at != original.starts_at + shift
            or moved[0].ends_at != original.ends_at + shift
        ):
            raise SolutionError(
                f"expected {original.subject!r} from "
                f"{original.starts_at + shift} to {original.ends_at + shift}, "
                f"found {moved[0].starts_at} to {moved[0].ends_at}"
            )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_push_back_tomorrow_afternoon(
            query="",
            executable=push_back_tomorrow_afternoon,
            setup_function=setup_env_push_back_tomorrow_afternoon,
        )
