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
# Hey, [Assistant], I'll be away on Thursday next week. Move each of my meetings from that day to the same time on the Friday after it, or, if that Friday slot is already taken, to the same time on the following Monday.
# Tags: action, reschedule, loop, conditional, multi_step, relative_dates
# Apps: no room_booking
def move_thursday_meetings_next_week():
    """Move every meeting of Thursday next week to the same time on Friday,
    or on the following Monday when the Friday slot is busy. Nothing is
    moved if some meeting fits neither day."""

    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    thursday = next_week.start + datetime.timedelta(days=3)
    friday = thursday + datetime.timedelta(days=1)
    monday = get_next_dow("Monday", after=friday)
    upcoming = find_events()
    to_move = [e for e in upcoming if e.starts_at.date() == thursday]
    busy = {friday: [], monday: []}
    for event in upcoming:
        if event.starts_at.date() in busy:
            busy[event.starts_at.date()].append(
                TimeInterval(start=event.starts_at, end=event.ends_at)
            )

    # first decide where every meeting goes, so that nothing changes if one
    # of them fits neither day
    plan = []
    for meeting in to_move:
        length = meeting.ends_at - meeting.starts_at
        target = None
        for day in (friday, monday):
            start = combine(day, meeting.starts_at.time())
            slot = TimeInterval(start=start, end=start + length)
            clash = False
            for other in busy[day]:
                if intervals_overlap(slot, other):
                    clash = True
                    break
            if not clash:
                target = slot
                busy[day].append(slot)
                break
        if target is None:
            raise RequiresUserInput(
                f"Neither Friday nor Monday is free for '{meeting.subject}'. "
                "Where should it go?"
            )
        plan.append((meeting, target))

    for meeting, slot in plan:
        meeting.starts_at = slot.start
        meeting.ends_at = slot.end
        add_event(meeting)


#OK:
def setup_env_move_thursday_meetings_next_week():
    """World in which the user asks:

    Hey, [Assistant], I'll be away on Thursday next week. Move each of my meetings from that day to the same time on the Friday after it, or, if that Friday slot is already taken, to the same time on the following Monday.

    Thursday next week (2024-07-04) holds a sprint review 10:00-11:00, a
    vendor call 13:00-13:30 and a one-to-one 15:30-16:00. On Friday
    2024-07-05 a hiring sync 13:15-14:00 blocks the vendor call's slot, so
    that call goes to Monday 2024-07-08; the other two go to Friday.
    Distractors: the same sprint review this Thursday, a meeting on
    Thursday 2024-07-11, and meetings on that Friday and Monday at other
    times.
    """

    import datetime

    simulate_org_structure(["Greta", "Hamish", "Bastian", "Cosmo", "Priya"])
    greta = find_employee("Greta")[0]
    hamish = find_employee("Hamish")[0]
    bastian = find_employee("Bastian")[0]
    cosmo = find_employee("Cosmo")[0]
    priya = find_employee("Priya")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([greta, hamish], on(7, 4, 10, 0), 60, "Sprint review"),
        ([bastian], on(7, 4, 13, 0), 30, "Vendor call"),
        ([cosmo], on(7, 4, 15, 30), 30, "One-to-one"),
        ([priya], on(7, 5, 13, 15), 45, "Hiring sync"),
        ([greta], on(7, 5, 9, 0), 30, "Release notes"),
        ([greta], on(7, 8, 10, 0), 60, "Planning"),
        ([greta, hamish], on(6, 27, 10, 0), 60, "Sprint review"),
        ([bastian], on(7, 11, 13, 0), 30, "Vendor call"),
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


def evaluate_move_thursday_meetings_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], I'll be away on Thursday next week. Move each of my meetings from that day to the same time on the Friday after it, or, if that Friday slot is already taken, to the same time on the following Monday.

    The three meetings of 2024-07-04 must be gone from that day and appear,
    with the same subject, attendees and length, at: sprint review
    2024-07-05 10:00, one-to-one 2024-07-05 15:30, vendor call 2024-07-08
    13:00 (updating or re-creating them are both fine). Nothing else may
    change.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()
    thursday = datetime.date(2024, 7, 4)
    originals = [e for e in upcoming_before if e.starts_at.date() == thursday]
    expected_starts = {
        "Sprint review": datetime.datetime(2024, 7, 5, 10, 0),
        "One-to-one": datetime.datetime(2024, 7, 5, 15, 30),
        "Vendor call": datetime.datetime(2024, 7, 8, 13, 0),
    }

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    left = [e.subject for e in originals if e in upcoming_after]
    if left:
        raise SolutionError(f"still on Thursday 2024-07-04: {left}")
    if len(removed) != len(originals):
        raise SolutionError(
            f"only the 3 Thursday meetings should move, {len(removed)} changed"
        )
    if len(added) != len(originals):
        raise SolutionError(
            f"expected 3 moved meetings, found {len(added)} new"
        )
    for original in originals:
        start = expected_starts[original.subject]
        end = start + (original.ends_at - original.starts_at)
        matches = [
            e
            for e in added
            if e.subject == original.subject
            and e.attendees == original.attendees
            and e.starts_at == start
            and e.ends_at == end
        ]
        if len(matches) != 1:
            found = [
                str(e.starts_at) for e in added if e.subject == original.subject
            ]
            raise SolutionError(
                f"expected {original.subject!r} with the same attendees from "
                f"{start} to {end}, found it at {found}"
            )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_move_thursday_meetings_next_week(
            query="",
            executable=move_thursday_meetings_next_week,
            setup_function=setup_env_move_thursday_meetings_next_week,
        )
