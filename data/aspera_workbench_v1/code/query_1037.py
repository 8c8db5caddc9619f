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
# Hey, [Assistant], put a 45-minute budget review with the CFO and the CFO's assistant in my calendar for this Thursday at 2 PM.
# Tags: action, org_structure, relative_dates
def budget_review_with_cfo_and_assistant():
    """Book a 45-minute budget review this Thursday at 2 PM with the CFO and
    the CFO's assistant."""

    cfo = None
    for person in get_all_employees():
        if get_employee_profile(person).role == "CFO":
            cfo = person
    if cfo is None:
        raise RequiresUserInput("I could not find the CFO in the directory.")
    assistant = get_assistant(cfo)
    attendees = [cfo] if assistant is None else [cfo, assistant]
    thursday = get_next_dow("Thursday")
    starts_at = combine(thursday, time_by_hm(2, 0, "pm"))
    ends_at = modify(
        starts_at,
        Duration(45, TimeUnits.Minutes),
        operator=DateTimeClauseOperators.add,
    )
    add_event(
        Event(
            attendees=attendees,
            subject="Budget review",
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


# OK:
def setup_env_budget_review_with_cfo_and_assistant():
    """World in which the user asks:

    Hey, [Assistant], put a 45-minute budget review with the CFO and the CFO's assistant in my calendar for this Thursday at 2 PM.

    The user is a team member in Finance, so the user's manager reports to
    the CFO. Distractors: a meeting with the CEO and the CEO's assistant on
    Friday and a meeting with the user's manager on Thursday morning.
    """

    import datetime

    simulate_org_structure(
        ["Clementine", "Lucan", "Mireille"], user_team=Team.Finance
    )
    by_role = {}
    for person in get_all_employees():
        by_role[get_employee_profile(person).role] = person
    ceo = by_role["CEO"]
    manager = find_manager_of(get_current_user())

    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    plan = [
        (
            [ceo, get_assistant(ceo)],
            friday,
            time_by_hm(2, 0, "pm"),
            45,
            "Board pack",
        ),
        ([manager], thursday, time_by_hm(10, 0, "am"), 30, "Budget prep"),
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


def evaluate_budget_review_with_cfo_and_assistant(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], put a 45-minute budget review with the CFO and the CFO's assistant in my calendar for this Thursday at 2 PM.

    Exactly one event must be added, from 14:00 to 14:45 on Thursday
    2024-06-27, whose attendees are the CFO and the CFO's assistant (in any
    order, nobody else; the user may be listed). Nothing else may change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `budget_review_with_cfo_and_assistant`.
    setup_function
        `setup_env_budget_review_with_cfo_and_assistant`, which builds the
        world."""

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
    review = new_events[0]

    cfo = [
        p for p in get_all_employees() if get_employee_profile(p).role == "CFO"
    ][0]
    expected_people = sorted([cfo.employee_id, get_assistant(cfo).employee_id])
    expected_start = combine(datetime.date(2024, 6, 27), time_by_hm(2, 0, "pm"))
    if review.starts_at != expected_start:
        raise SolutionError(
            f"expected the review to start at {expected_start}, "
            f"got {review.starts_at}"
        )
    if review.ends_at - review.starts_at != datetime.timedelta(minutes=45):
        raise SolutionError(
            "expected a 45-minute review, got "
            f"{review.ends_at - review.starts_at}"
        )
    # the user may be listed among the attendees or not
    me = get_current_user()
    got_people = sorted(
        p.employee_id for p in review.attendees or [] if p != me
    )
    if got_people != expected_people:
        raise SolutionError(
            "expected the attendees to be the CFO and the CFO's assistant, got "
            + ", ".join(p.name for p in review.attendees or [])
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_budget_review_with_cfo_and_assistant(
            query="",
            executable=budget_review_with_cfo_and_assistant,
            setup_function=setup_env_budget_review_with_cfo_and_assistant,
        )
