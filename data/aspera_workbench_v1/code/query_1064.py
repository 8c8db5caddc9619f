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
# Hey, [Assistant], move my roadmap review with Mervyn to Friday at 3 PM.
# Tags: handback, action, conditional, reschedule
# Apps: no room_booking
def move_roadmap_review_with_mervyn():
    """Move the upcoming roadmap review with Mervyn to Friday at 3 PM,
    keeping its length; ask the user when no single such meeting exists."""

    mervyn = find_employee("Mervyn")[0]
    reviews = [
        event
        for event in find_events(subject="roadmap review")
        if event.attendees and mervyn in event.attendees
    ]
    if len(reviews) != 1:
        raise RequiresUserInput(
            f"I found {len(reviews)} upcoming roadmap reviews with Mervyn. "
            "Which meeting should I move?"
        )
    review = reviews[0]
    length = review.ends_at - review.starts_at
    review.starts_at = combine(get_next_dow("Friday"), time_by_hm(3, 0, "pm"))
    review.ends_at = review.starts_at + length
    add_event(review)


#OK:
def setup_env_move_roadmap_review_with_mervyn():
    """World in which the user asks:

    Hey, [Assistant], move my roadmap review with Mervyn to Friday at 3 PM.

    There is no upcoming roadmap review with Mervyn: the upcoming roadmap
    review is with Nerys, the upcoming meeting with Mervyn is a budget
    check, and the roadmap review with Mervyn took place last week. The
    assistant must ask instead of guessing.
    """

    import datetime

    simulate_org_structure(["Mervyn", "Nerys", "Osric"])
    mervyn = find_employee("Mervyn")[0]
    nerys = find_employee("Nerys")[0]
    osric = find_employee("Osric")[0]

    today = now_().date()

    def meeting(people, subject, offset, hour, minute, minutes):
        start = combine(
            today + datetime.timedelta(days=offset), datetime.time(hour, minute)
        )
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([mervyn], "Roadmap review", -5, 10, 0, 60),
            meeting([mervyn], "Budget check", 1, 14, 0, 30),
            meeting([nerys], "Roadmap review", 2, 10, 0, 60),
            meeting([nerys, osric], "Launch readiness", 3, 11, 0, 45),
        ]
    )


#OK:
def setup_env_move_roadmap_review_with_mervyn():
    """World in which the user asks:

    Hey, [Assistant], move my roadmap review with Mervyn to Friday at 3 PM.

    The contrasting world: the distractors of the first world (last week's
    roadmap review with Mervyn, an upcoming budget check with him, an
    upcoming roadmap review with Nerys) and one upcoming roadmap review
    with Mervyn tomorrow from 10:00 to 10:45, which must go to Friday
    2024-06-28 from 15:00 to 15:45.
    """

    import datetime

    simulate_org_structure(["Mervyn", "Nerys", "Osric"])
    mervyn = find_employee("Mervyn")[0]
    nerys = find_employee("Nerys")[0]
    osric = find_employee("Osric")[0]

    today = now_().date()

    def meeting(people, subject, offset, hour, minute, minutes):
        start = combine(
            today + datetime.timedelta(days=offset), datetime.time(hour, minute)
        )
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([mervyn], "Roadmap review", -5, 10, 0, 60),
            meeting([mervyn, osric], "Roadmap review", 1, 10, 0, 45),
            meeting([mervyn], "Budget check", 1, 14, 0, 30),
            meeting([nerys], "Roadmap review", 2, 10, 0, 60),
            meeting([nerys, osric], "Launch readiness", 3, 11, 0, 45),
        ]
    )


def evaluate_move_roadmap_review_with_mervyn(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], move my roadmap review with Mervyn to Friday at 3 PM.

    No upcoming roadmap review with Mervyn exists, so the program must
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
            "there is no upcoming roadmap review with Mervyn; expected "
            "RequiresUserInput"
        )


def evaluate_move_roadmap_review_with_mervyn(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], move my roadmap review with Mervyn to Friday at 3 PM.

    Contrasting world: the one upcoming roadmap review with Mervyn
    (tomorrow 10:00-10:45) must now run on Friday 2024-06-28 from 15:00 to
    15:45, with the same subject and attendees (the user may be listed or
    not); it may be updated in place or replaced. Nothing else may change.
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
    review = [
        e
        for e in upcoming_before
        if e.starts_at == datetime.datetime(2024, 6, 26, 10, 0)
    ][0]
    if removed != [review] or len(added) != 1:
        raise SolutionError(
            "expected the roadmap review with Mervyn moved and nothing else "
            f"changed; {len(removed)} events changed or went, {len(added)} "
            "appeared"
        )
    moved = added[0]
    start = datetime.datetime(2024, 6, 28, 15, 0)
    end = start + datetime.timedelta(minutes=45)
    if moved.starts_at != start or moved.ends_at != end:
        raise SolutionError(
            "expected the review on 2024-06-28 from 15:00 to 15:45, found "
            f"{moved.starts_at} to {moved.ends_at}"
        )
    me = get_current_user()
    if moved.subject != review.subject or sorted(
        p.employee_id for p in moved.attendees or [] if p != me
    ) != sorted(p.employee_id for p in review.attendees or [] if p != me):
        raise SolutionError(
            "the review must keep its subject and attendees, found "
            f"{moved.subject!r} with "
            + ", ".join(p.name for p in moved.attendees or [])
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_move_roadmap_review_with_mervyn(
            query="",
            executable=move_roadmap_review_with_mervyn,
            setup_function=setup_env_move_roadmap_review_with_mervyn,
        )
