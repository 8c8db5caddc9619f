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
# Hey, [Assistant], cancel this Friday's vendor contract review.
# Tags: action, delete, relative_dates
# Apps: no room_booking
def cancel_friday_vendor_contract_review():
    """Delete the vendor contract review that takes place this Friday."""

    friday = get_next_dow("Friday")
    reviews = [
        event
        for event in find_events(subject="vendor contract review")
        if event.starts_at.date() == friday
    ]
    # exactly one meeting must answer the description before deleting it
    if len(reviews) != 1:
        raise RequiresUserInput(
            f"I found {len(reviews)} vendor contract reviews on Friday. "
            "Which one should I cancel?"
        )
    delete_event(reviews[0])


#OK:
def setup_env_cancel_friday_vendor_contract_review():
    """World in which the user asks:

    Hey, [Assistant], cancel this Friday's vendor contract review.

    One vendor contract review is on this Friday (2024-06-28). The same
    review also took place last Friday and is booked again for the Friday
    after; a different meeting with the same people is on this Friday too.
    """

    import datetime

    simulate_org_structure(["Annika", "Severin", "Jolanda"])
    annika = find_employee("Annika")[0]
    severin = find_employee("Severin")[0]
    jolanda = find_employee("Jolanda")[0]

    friday = get_next_dow("Friday")
    week = datetime.timedelta(days=7)
    ten = time_by_hm(10, 0, "am")
    plan = [
        ([annika, severin], friday, ten, 60, "Vendor contract review"),
        ([annika, severin], friday - week, ten, 60, "Vendor contract review"),
        ([annika, severin], friday + week, ten, 60, "Vendor contract review"),
        ([annika, severin], friday, time_by_hm(2, 0, "pm"), 30, "Vendor lunch"),
        ([jolanda], friday, time_by_hm(4, 0, "pm"), 30, "Contract archive"),
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


def evaluate_cancel_friday_vendor_contract_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], cancel this Friday's vendor contract review.

    Only the vendor contract review of Friday 2024-06-28 at 10:00 may be
    deleted; the reviews of the previous and the following Friday and every
    other event must stay as they were, and nothing may be added.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()
    friday = get_next_dow("Friday")
    target = [
        e
        for e in upcoming_before
        if e.subject == "Vendor contract review"
        and e.starts_at.date() == friday
    ][0]

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    added = [e for e in upcoming_after if e not in upcoming_before]
    if added:
        raise SolutionError(f"expected no new events, found {len(added)}")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    if target not in removed:
        raise SolutionError(
            "the vendor contract review on Friday is still there"
        )
    if len(removed) != 1:
        raise SolutionError(
            f"expected only Friday's review to go, {len(removed)} events went"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_cancel_friday_vendor_contract_review(
            query="",
            executable=cancel_friday_vendor_contract_review,
            setup_function=setup_env_cancel_friday_vendor_contract_review,
        )
