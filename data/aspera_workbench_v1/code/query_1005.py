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
# Hey, [Assistant], move my budget review with Ingrid to Wednesday next week at 11 AM.
# Tags: handback, action, conditional, reschedule, relative_dates
# Apps: no room_booking
def move_budget_review_with_ingrid():
    """Move the upcoming budget review with Ingrid to 11 AM on Wednesday of
    next week, keeping its length; ask the user when no single upcoming
    budget review with Ingrid exists."""

    people = find_employee("Ingrid")
    if len(people) != 1:
        raise RequiresUserInput(
            f"I found {len(people)} colleagues called Ingrid. Who do you mean?"
        )
    ingrid = people[0]
    reviews = [
        event
        for event in find_events(subject="budget review")
        if ingrid in (event.attendees or [])
    ]
    if len(reviews) != 1:
        raise RequiresUserInput(
            f"I found {len(reviews)} upcoming budget reviews with Ingrid. "
            "Which meeting should I move?"
        )
    review = reviews[0]
    length = review.ends_at - review.starts_at
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    wednesday = next_week.start + datetime.timedelta(days=2)
    review.starts_at = combine(wednesday, time_by_hm(11, 0, "am"))
    review.ends_at = review.starts_at + length
    add_event(review)


#OK:
def setup_env_move_budget_review_with_ingrid():
    """World in which the user asks:

    Hey, [Assistant], move my budget review with Ingrid to Wednesday next week at 11 AM.

    There is no upcoming budget review with Ingrid: the only one took place
    yesterday. The user has an upcoming budget review with Rosalind and an
    upcoming meeting with Ingrid about something else, so the assistant must
    ask which meeting is meant.
    """

    import datetime

    simulate_org_structure(["Ingrid", "Rosalind", "Evander"])
    ingrid = find_employee("Ingrid")[0]
    rosalind = find_employee("Rosalind")[0]

    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)
    thursday = get_next_dow("Thursday")
    yesterday = today - datetime.timedelta(days=1)
    plan = [
        ([ingrid], yesterday, time_by_hm(2, 0, "pm"), 60, "Budget review"),
        ([rosalind], tomorrow, time_by_hm(2, 0, "pm"), 60, "Budget review"),
        ([ingrid], thursday, time_by_hm(10, 0, "am"), 30, "Hiring plan"),
    ]
    events = []
    for people, day, at, minutes, subject in plan:
        start = combine(day, at)
        events.append(
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
        )
    simulate_user_calendar(events)


#OK:
def setup_env_move_budget_review_with_ingrid():
    """World in which the user asks:

    Hey, [Assistant], move my budget review with Ingrid to Wednesday next week at 11 AM.

    The contrasting world: one upcoming budget review with Ingrid, this
    Friday from 3:00 to 3:45 PM, so it must be moved to Wednesday
    2024-07-03 from 11:00 to 11:45. The distractors of the first world stay:
    yesterday's budget review with Ingrid, an upcoming budget review with
    Rosalind and an upcoming meeting with Ingrid about something else.
    """

    import datetime

    simulate_org_structure(["Ingrid", "Rosalind", "Evander"])
    ingrid = find_employee("Ingrid")[0]
    rosalind = find_employee("Rosalind")[0]

    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    yesterday = today - datetime.timedelta(days=1)
    plan = [
        ([ingrid], yesterday, time_by_hm(2, 0, "pm"), 60, "Budget review"),
        ([rosalind], tomorrow, time_by_hm(2, 0, "pm"), 60, "Budget review"),
        ([ingrid], thursday, time_by_hm(10, 0, "am"), 30, "Hiring plan"),
        ([ingrid], friday, time_by_hm(3, 0, "pm"), 45, "Budget review"),
    ]
    events = []
    for people, day, at, minutes, subject in plan:
        start = combine(day, at)
        events.append(
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
        )
    simulate_user_calendar(events)


def evaluate_move_budget_review_with_ingrid(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], move my budget review with Ingrid to Wednesday next week at 11 AM.

    No upcoming budget review with Ingrid exists, so the program must raise
    `RequiresUserInput` and must not have changed the calendar before doing
    so.
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
            "expected RequiresUserInput: there is no upcoming budget review "
            "with Ingrid"
        )


def evaluate_move_budget_review_with_ingrid(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], move my budget review with Ingrid to Wednesday next week at 11 AM.

    Contrasting world: the one upcoming budget review with Ingrid (Friday
    15:00-15:45) must now run on Wednesday 2024-07-03 from 11:00 to 11:45,
    with the same subject and attendees (the user may be listed or not);
    it may be updated in place or replaced. Nothing else may change.
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
        if e.subject == "Budget review"
        and e.starts_at == datetime.datetime(2024, 6, 28, 15, 0)
    ][0]
    if removed != [review] or len(added) != 1:
        raise SolutionError(
            "expected the budget review with Ingrid moved and nothing else "
            f"changed; {len(removed)} events changed or went, {len(added)} "
            "appeared"
        )
    moved = added[0]
    start = datetime.datetime(2024, 7, 3, 11, 0)
    end = start + datetime.timedelta(minutes=45)
    if moved.starts_at != start or moved.ends_at != end:
        raise SolutionError(
            "expected the review on 2024-07-03 from 11:00 to 11:45, found "
            f"{moved.starts_at} to {moved.ends_at}"
        )
    me = get_current_user()
    if moved.subject != review.subject or [
        p for p in moved.attendees or [] if p != me
    ] != [p for p in review.attendees or [] if p != me]:
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
        evaluate_move_budget_review_with_ingrid(
            query="",
            executable=move_budget_review_with_ingrid,
            setup_function=setup_env_move_budget_review_with_ingrid,
        )
