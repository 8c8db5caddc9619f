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
# Hey, [Assistant], I have a clash on Wednesday. Move the less important of the two meetings to the next free slot that day.
# Tags: handback, action, conditional, reschedule
# Apps: no room_booking
def resolve_wednesday_clash():
    """Move the less important of Wednesday's two overlapping meetings to
    the first later gap of that day that fits it; ask the user when the
    two are equally important."""

    wednesday = get_next_dow("Wednesday")
    day = [e for e in find_events() if e.starts_at.date() == wednesday]
    clashes = [
        (first, second)
        for i, first in enumerate(day)
        for second in day[i + 1 :]
        if intervals_overlap(
            TimeInterval(start=first.starts_at, end=first.ends_at),
            TimeInterval(start=second.starts_at, end=second.ends_at),
        )
    ]
    if len(clashes) != 1:
        raise RequiresUserInput(
            "I did not find exactly one clash on Wednesday."
        )
    first, second = clashes[0]
    if first.event_importance == second.event_importance:
        raise RequiresUserInput(
            f"'{first.subject}' and '{second.subject}' are equally important. "
            "Which one should I move?"
        )
    move = first if first.event_importance == "normal" else second
    others = [e for e in day if e.event_id != move.event_id]
    length = move.ends_at - move.starts_at
    slots = find_available_slots(others, get_search_settings("work"), wednesday)
    for slot in slots:
        if slot.start >= move.starts_at and slot.end - slot.start >= length:
            move.starts_at = slot.start
            move.ends_at = slot.start + length
            add_event(move)
            return
    raise RequiresUserInput("There is no later free slot on Wednesday.")


#OK:
def setup_env_resolve_wednesday_clash():
    """World in which the user asks:

    Hey, [Assistant], I have a clash on Wednesday. Move the less important of the two meetings to the next free slot that day.

    On Wednesday Sprint planning with Ferdia (10:00-11:00) overlaps the
    Security audit with Ghislaine (10:30-11:30); both are marked high
    importance, so the assistant cannot tell which one matters less and
    must ask. Thursday has an overlapping pair with different importance.
    """

    import datetime

    simulate_org_structure(["Ferdia", "Ghislaine", "Hamish"])
    ferdia = find_employee("Ferdia")[0]
    ghislaine = find_employee("Ghislaine")[0]
    hamish = find_employee("Hamish")[0]

    today = now_().date()
    wednesday = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

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
            meeting([hamish], "Inbox zero", wednesday, 9, 15, 30, "normal"),
            meeting([ferdia], "Sprint planning", wednesday, 10, 0, 60, "high"),
            meeting(
                [ghislaine], "Security audit", wednesday, 10, 30, 60, "high"
            ),
            meeting([hamish], "Design sync", wednesday, 14, 0, 30, "normal"),
            meeting([ferdia], "Demo dry run", thursday, 11, 0, 60, "high"),
            meeting([hamish], "Coffee", thursday, 11, 30, 30, "normal"),
        ]
    )


#OK:
def setup_env_resolve_wednesday_clash():
    """World in which the user asks:

    Hey, [Assistant], I have a clash on Wednesday. Move the less important of the two meetings to the next free slot that day.

    The contrasting world: as in the first world, but the Security audit
    with Ghislaine (10:30-11:30) is of normal importance while Sprint
    planning (10:00-11:00) is high, so the audit must move to the next
    free hour that day, 11:00-12:00. Thursday's overlapping pair stays.
    """

    import datetime

    simulate_org_structure(["Ferdia", "Ghislaine", "Hamish"])
    ferdia = find_employee("Ferdia")[0]
    ghislaine = find_employee("Ghislaine")[0]
    hamish = find_employee("Hamish")[0]

    today = now_().date()
    wednesday = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

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
            meeting([hamish], "Inbox zero", wednesday, 9, 15, 30, "normal"),
            meeting([ferdia], "Sprint planning", wednesday, 10, 0, 60, "high"),
            meeting(
                [ghislaine], "Security audit", wednesday, 10, 30, 60, "normal"
            ),
            meeting([hamish], "Design sync", wednesday, 14, 0, 30, "normal"),
            meeting([ferdia], "Demo dry run", thursday, 11, 0, 60, "high"),
            meeting([hamish], "Coffee", thursday, 11, 30, 30, "normal"),
        ]
    )


def evaluate_resolve_wednesday_clash(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], I have a clash on Wednesday. Move the less important of the two meetings to the next free slot that day.

    The two clashing meetings are equally important, so the program must
    raise RequiresUserInput without having changed the calendar first.
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
            "both clashing meetings have high importance; expected "
            "RequiresUserInput"
        )


def evaluate_resolve_wednesday_clash(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], I have a clash on Wednesday. Move the less important of the two meetings to the next free slot that day.

    Contrasting world: the Security audit (normal importance) must now run
    on Wednesday 2024-06-26 from 11:00 to 12:00, keeping its subject,
    attendees and importance; it may be updated in place or replaced.
    Nothing else may change.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    audit = [e for e in upcoming_before if e.subject == "Security audit"][0]
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if removed != [audit] or len(added) != 1:
        raise SolutionError(
            "expected only the Security audit (the less important meeting) "
            f"moved; {len(removed)} events changed or went, {len(added)} "
            "appeared"
        )
    moved = added[0]
    start = datetime.datetime(2024, 6, 26, 11, 0)
    end = start + datetime.timedelta(hours=1)
    if moved.starts_at != start or moved.ends_at != end:
        raise SolutionError(
            "expected the Security audit from 11:00 to 12:00 on Wednesday, "
            f"found {moved.starts_at} to {moved.ends_at}"
        )
    me = get_current_user()
    if (
        moved.subject != audit.subject
        or moved.event_importance != audit.event_importance
        or [p for p in moved.attendees or [] if p != me]
        != [p for p in audit.attendees or [] if p != me]
    ):
        raise SolutionError(
            "the Security audit must keep its subject, attendees and "
            "importance"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_resolve_wednesday_clash(
            query="",
            executable=resolve_wednesday_clash,
            setup_function=setup_env_resolve_wednesday_clash,
        )
