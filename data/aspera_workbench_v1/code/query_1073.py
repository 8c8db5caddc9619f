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
# Hey, [Assistant], go through my meetings for the rest of this week and wherever two of them overlap, move the normal-importance one to the first free slot later that same day that's long enough for it.
# Tags: action, reschedule, loop, conditional, availability, multi_step
# Apps: no room_booking
def untangle_overlaps_this_week():
    """For every pair of overlapping meetings between now and the end of
    the week, move the normal-importance one to the first later gap of the
    same day that fits its length."""

    now = now_()
    settings = get_search_settings("work")
    upcoming = find_events()
    moves = []
    for day in this_week_dates():
        if day < now.date():
            continue
        on_day = [e for e in upcoming if e.starts_at.date() == day]
        to_move = []
        for i, first in enumerate(on_day):
            for second in on_day[i + 1 :]:
                if not intervals_overlap(
                    TimeInterval(start=first.starts_at, end=first.ends_at),
                    TimeInterval(start=second.starts_at, end=second.ends_at),
                ):
                    continue
                if first.event_importance == second.event_importance:
                    raise RequiresUserInput(
                        f"'{first.subject}' and '{second.subject}' are equally "
                        "important. Which one should move?"
                    )
                normal = first if first.event_importance == "normal" else second
                if normal not in to_move:
                    to_move.append(normal)
        # the meetings that stay, plus those already moved, block the day
        staying = [e for e in on_day if e not in to_move]
        for event in to_move:
            length = event.ends_at - event.starts_at
            new_start = None
            for slot in find_available_slots(staying, settings, day):
                if (
                    slot.start >= event.starts_at
                    and slot.end - slot.start >= length
                ):
                    new_start = slot.start
                    break
            if new_start is None:
                raise RequiresUserInput(
                    f"There is no later free slot for '{event.subject}'."
                )
            event.starts_at = new_start
            event.ends_at = new_start + length
            staying.append(event)
            moves.append(event)
    # the calendar is only changed once every move has a place
    for event in moves:
        add_event(event)


#OK:
def setup_env_untangle_overlaps_this_week():
    """World in which the user asks:

    Hey, [Assistant], go through my meetings for the rest of this week and wherever two of them overlap, move the normal-importance one to the first free slot later that same day that's long enough for it.

    Wednesday: Team lunch planning (10:30-11:00, normal) overlaps the
    Supplier call (10:00-11:00, high); the later gaps last 15, 20 and 30
    minutes, so it moves to 15:00-15:30. Thursday: Architecture review
    (13:00-14:00, normal) overlaps Board prep (13:30-14:30, high); the
    later gaps last 45 and 70 minutes, so it moves to 16:00-17:00. Friday
    has two meetings that only touch, and next Monday has an overlap that
    is outside this week.
    """

    import datetime

    simulate_org_structure(["Bronagh", "Cosima", "Darragh"])
    bronagh = find_employee("Bronagh")[0]
    cosima = find_employee("Cosima")[0]
    darragh = find_employee("Darragh")[0]

    today = now_().date()
    day = {
        "wed": today + datetime.timedelta(days=1),
        "thu": today + datetime.timedelta(days=2),
        "fri": today + datetime.timedelta(days=3),
        "mon": today + datetime.timedelta(days=6),
    }

    def meeting(person, subject, key, start, end, importance="normal"):
        return Event(
            attendees=[person],
            subject=subject,
            starts_at=combine(day[key], datetime.time(*start)),
            ends_at=combine(day[key], datetime.time(*end)),
            event_importance=importance,
        )

    simulate_user_calendar(
        [
            meeting(bronagh, "Supplier call", "wed", (10, 0), (11, 0), "high"),
            meeting(cosima, "Team lunch planning", "wed", (10, 30), (11, 0)),
            meeting(darragh, "Hiring sync", "wed", (11, 0), (11, 30)),
            meeting(bronagh, "Design review", "wed", (11, 45), (12, 30)),
            meeting(cosima, "Offsite prep", "wed", (12, 30), (14, 0)),
            meeting(darragh, "Ops check", "wed", (14, 20), (15, 0)),
            meeting(bronagh, "Customer workshop", "wed", (15, 30), (17, 10)),
            meeting(darragh, "Architecture review", "thu", (13, 0), (14, 0)),
            meeting(cosima, "Board prep", "thu", (13, 30), (14, 30), "high"),
            meeting(bronagh, "Metrics sync", "thu", (14, 30), (15, 0)),
            meeting(darragh, "Quick check", "thu", (15, 45), (16, 0)),
            meeting(bronagh, "Follow-up", "fri", (9, 30), (10, 0)),
            meeting(cosima, "Sales sync", "fri", (10, 0), (11, 0), "high"),
            meeting(darragh, "Launch review", "mon", (10, 0), (11, 0), "high"),
            meeting(cosima, "Status update", "mon", (10, 30), (11, 0)),
        ]
    )


def evaluate_untangle_overlaps_this_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], go through my meetings for the rest of this week and wherever two of them overlap, move the normal-importance one to the first free slot later that same day that's long enough for it.

    Team lunch planning must now run Wednesday 15:00-15:30 and Architecture
    review Thursday 16:00-17:00, both with their subject and attendees
    kept. Every other event stays as it was and nothing is added.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    today = now_().date()
    expected = {
        "Team lunch planning": combine(
            today + datetime.timedelta(days=1), datetime.time(15, 0)
        ),
        "Architecture review": combine(
            today + datetime.timedelta(days=2), datetime.time(16, 0)
        ),
    }
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    wrongly_changed = [e.subject for e in removed if e.subject not in expected]
    if wrongly_changed:
        raise SolutionError(
            f"these meetings should not change: {wrongly_changed}"
        )
    if len(added) != len(removed):
        raise SolutionError(
            f"expected meetings to be moved, found {len(added)} new and "
            f"{len(removed)} changed events"
        )
    for subject, start in expected.items():
        old = [e for e in upcoming_before if e.subject == subject][0]
        new = [e for e in upcoming_after if e.subject == subject]
        if len(new) != 1:
            raise SolutionError(f"expected one '{subject}', found {len(new)}")
        new = new[0]
        length = old.ends_at - old.starts_at
        if new.starts_at != start or new.ends_at != start + length:
            raise SolutionError(
                f"expected '{subject}' at {start}, found {new.starts_at} to "
                f"{new.ends_at}"
            )
        if new.attendees != old.attendees:
            raise SolutionError(f"'{subject}' lost its attendees")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_untangle_overlaps_this_week(
            query="",
            executable=untangle_overlaps_this_week,
            setup_function=setup_env_untangle_overlaps_this_week,
        )
