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
# Hey, [Assistant], add Wilhelmina to my supplier audit prep meeting and make it 30 minutes longer.
# Tags: action, multi_step
# Apps: no room_booking
def extend_supplier_audit_prep():
    """Invite Wilhelmina to the supplier audit prep meeting and move its end
    30 minutes later."""

    wilhelmina = find_employee("Wilhelmina")[0]
    # the subject search is fuzzy, so "Supplier audit" also matches
    matches = [
        event
        for event in find_events(subject="supplier audit prep")
        if event.subject.lower() == "supplier audit prep"
    ]
    if len(matches) != 1:
        raise RequiresUserInput(
            f"I found {len(matches)} supplier audit prep meetings. Which one?"
        )
    meeting = matches[0]
    attendees = meeting.attendees or []
    if wilhelmina not in attendees:
        meeting.attendees = attendees + [wilhelmina]
    meeting.ends_at = modify(
        meeting.ends_at,
        Duration(30, TimeUnits.Minutes),
        operator=DateTimeClauseOperators.add,
    )
    add_event(meeting)


#OK:
def setup_env_extend_supplier_audit_prep():
    """World in which the user asks:

    Hey, [Assistant], add Wilhelmina to my supplier audit prep meeting and make it 30 minutes longer.

    The "Supplier audit prep" meeting with Odile is this Thursday from 10
    to 11 AM. Distractors: the "Supplier audit" itself on Friday with Odile
    and Bastian (its subject also matches a fuzzy search) and a meeting
    with Wilhelmina tomorrow.
    """

    import datetime

    simulate_org_structure(["Wilhelmina", "Odile", "Bastian"])
    wilhelmina = find_employee("Wilhelmina")[0]
    odile = find_employee("Odile")[0]
    bastian = find_employee("Bastian")[0]

    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    tomorrow = now_().date() + datetime.timedelta(days=1)
    plan = [
        ([odile], thursday, time_by_hm(10, 0, "am"), 60, "Supplier audit prep"),
        (
            [odile, bastian],
            friday,
            time_by_hm(2, 0, "pm"),
            120,
            "Supplier audit",
        ),
        ([wilhelmina], tomorrow, time_by_hm(3, 0, "pm"), 30, "Intro chat"),
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


def evaluate_extend_supplier_audit_prep(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], add Wilhelmina to my supplier audit prep meeting and make it 30 minutes longer.

    The prep meeting must keep its subject and its 10:00 start on Thursday
    2024-06-27, end at 11:30 and have Odile and Wilhelmina as attendees
    (the user may be listed too). Every other event stays as it was.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()
    prep = [e for e in upcoming_before if e.subject == "Supplier audit prep"][0]

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if prep not in removed:
        raise SolutionError("the supplier audit prep meeting was not changed")
    if len(removed) != 1 or len(added) != 1:
        raise SolutionError(
            f"expected only the prep meeting to change, {len(removed)} events "
            f"changed or went and {len(added)} appeared"
        )
    updated = added[0]
    if updated.subject != prep.subject:
        raise SolutionError(f"the subject changed to {updated.subject!r}")
    expected_end = prep.ends_at + datetime.timedelta(minutes=30)
    if updated.starts_at != prep.starts_at or updated.ends_at != expected_end:
        raise SolutionError(
            f"expected the prep from {prep.starts_at} to {expected_end}, "
            f"found {updated.starts_at} to {updated.ends_at}"
        )
    user = get_current_user()
    invited = sorted(p.name for p in updated.attendees or [] if p != user)
    if invited != ["Odile", "Wilhelmina"]:
        raise SolutionError(f"expected Odile and Wilhelmina, found {invited}")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_extend_supplier_audit_prep(
            query="",
            executable=extend_supplier_audit_prep,
            setup_function=setup_env_extend_supplier_audit_prep,
        )
