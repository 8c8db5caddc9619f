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
# Hey, [Assistant], two of my meetings on Thursday afternoon overlap. Move the less important one so that it starts right when the other one ends.
# Tags: action, conditional, reschedule, loop
# Apps: no room_booking
def resolve_thursday_afternoon_clash():
    """Find the two overlapping meetings of Thursday afternoon and move the
    one with normal importance to start when the important one ends."""

    thursday = get_next_dow("Thursday")
    noon = combine(thursday, time_by_hm(12, 0, "pm"))
    afternoon = [
        event
        for event in find_events()
        if event.starts_at.date() == thursday and event.starts_at >= noon
    ]
    clashes = []
    for i, first in enumerate(afternoon):
        for second in afternoon[i + 1 :]:
            if intervals_overlap(
                TimeInterval(start=first.starts_at, end=first.ends_at),
                TimeInterval(start=second.starts_at, end=second.ends_at),
            ):
                clashes.append((first, second))
    if len(clashes) != 1:
        raise RequiresUserInput("I did not find exactly one clash on Thursday.")
    first, second = clashes[0]
    if first.event_importance == second.event_importance:
        raise RequiresUserInput("Both meetings are equally important.")
    if first.event_importance == "high":
        keep, move = first, second
    else:
        keep, move = second, first
    length = move.ends_at - move.starts_at
    move.starts_at = keep.ends_at
    move.ends_at = keep.ends_at + length
    add_event(move)


#OK:
def setup_env_resolve_thursday_afternoon_clash():
    """World in which the user asks:

    Hey, [Assistant], two of my meetings on Thursday afternoon overlap. Move the less important one so that it starts right when the other one ends.

    On Thursday the Coffee chat with Kerensa (13:45-14:30, normal
    importance) overlaps the Quarterly forecast with Jorunn (14:00-15:00,
    high importance), so the Coffee chat moves to 15:00-15:45. Friday has
    another overlapping pair that must stay as it is.
    """

    import datetime

    simulate_org_structure(["Jorunn", "Kerensa", "Leofric"])
    jorunn = find_employee("Jorunn")[0]
    kerensa = find_employee("Kerensa")[0]

    today = now_().date()
    thursday = today + datetime.timedelta(days=2)
    friday = today + datetime.timedelta(days=3)

    def meeting(people, subject, day, hour, minute, minutes, importance):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
            event_importance=importance,
        )

    simulate_user_calendar(
        [
            meeting([kerensa], "Team sync", thursday, 10, 0, 60, "normal"),
            meeting([kerensa], "Coffee chat", thursday, 13, 45, 45, "normal"),
            meeting(
                [jorunn], "Quarterly forecast", thursday, 14, 0, 60, "high"
            ),
            meeting([jorunn], "Wrap-up", thursday, 16, 0, 30, "normal"),
            meeting([jorunn], "Pipeline review", friday, 11, 0, 60, "high"),
            meeting([kerensa], "Catch-up", friday, 11, 30, 30, "normal"),
        ]
    )


def evaluate_resolve_thursday_afternoon_clash(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], two of my meetings on Thursday afternoon overlap. Move the less important one so that it starts right when the other one ends.

    The Coffee chat with Kerensa must now run on Thursday 15:00-15:45 with
    the same subject and attendees; every other event stays as it was and
    nothing is added.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if [e.subject for e in removed] != ["Coffee chat"]:
        raise SolutionError(
            "expected only the Coffee chat to change, changed: "
            f"{[e.subject for e in removed]}"
        )
    if len(added) != 1:
        raise SolutionError(
            f"expected the Coffee chat moved, found {len(added)} new events"
        )
    moved = added[0]
    start = combine(
        now_().date() + datetime.timedelta(days=2), datetime.time(15, 0)
    )
    if moved.starts_at != start or moved.ends_at != start + datetime.timedelta(
        minutes=45
    ):
        raise SolutionError(
            f"expected the Coffee chat at {start} for 45 minutes, found "
            f"{moved.starts_at} to {moved.ends_at}"
        )
    if (
        moved.attendees != removed[0].attendees
        or moved.subject != "Coffee chat"
    ):
        raise SolutionError("the moved meeting lost its subject or attendees")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_resolve_thursday_afternoon_clash(
            query="",
            executable=resolve_thursday_afternoon_clash,
            setup_function=setup_env_resolve_thursday_afternoon_clash,
        )
