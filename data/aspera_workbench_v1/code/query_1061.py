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
# Hey, [Assistant], if I already have a meeting with Hesper on Friday, move it to Monday at the same time; otherwise set up a 30-minute meeting with her on Friday at 10 AM.
# Tags: action, conditional, reschedule, relative_dates
# Apps: no room_booking
def move_or_create_meeting_with_hesper():
    """Move this Friday's meeting with Hesper to the coming Monday at the
    same time, or create a 30-minute one on Friday at 10 AM if there is
    none."""

    hesper = find_employee("Hesper")[0]
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday", after=friday)
    on_friday = [
        event
        for event in find_events()
        if event.attendees
        and hesper in event.attendees
        and event.starts_at.date() == friday
    ]
    if on_friday:
        shift = datetime.timedelta(days=(monday - friday).days)
        for event in on_friday:
            event.starts_at = event.starts_at + shift
            event.ends_at = event.ends_at + shift
            add_event(event)
        return
    start = combine(friday, time_by_hm(10, 0, "am"))
    add_event(
        Event(
            attendees=[hesper],
            subject="Meeting with Hesper",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )


#OK:
def setup_env_move_or_create_meeting_with_hesper():
    """World in which the user asks:

    Hey, [Assistant], if I already have a meeting with Hesper on Friday, move it to Monday at the same time; otherwise set up a 30-minute meeting with her on Friday at 10 AM.

    This Friday the user meets Hesper from 2 to 2:45 PM ("Vendor
    shortlist"), so that meeting moves to next Monday 2 to 2:45 PM.
    Distractors: a meeting with Hesper on Thursday, a Friday meeting with
    Ilario, and a meeting with Hesper last Friday.
    """

    import datetime

    simulate_org_structure(["Hesper", "Ilario", "Jorunn"])
    hesper = find_employee("Hesper")[0]
    ilario = find_employee("Ilario")[0]

    today = now_().date()
    thursday = today + datetime.timedelta(days=2)
    friday = today + datetime.timedelta(days=3)
    last_friday = friday - datetime.timedelta(days=7)

    def meeting(people, subject, day, hour, minute, minutes):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([hesper], "Quarter close", last_friday, 14, 0, 45),
            meeting([hesper], "Invoice review", thursday, 11, 0, 30),
            meeting([ilario], "Budget check", friday, 10, 0, 30),
            meeting([hesper], "Vendor shortlist", friday, 14, 0, 45),
        ]
    )


#OK:
def setup_env_move_or_create_meeting_with_hesper():
    """World in which the user asks:

    Hey, [Assistant], if I already have a meeting with Hesper on Friday, move it to Monday at the same time; otherwise set up a 30-minute meeting with her on Friday at 10 AM.

    There is no meeting with Hesper this Friday, so a 30-minute meeting
    with her must be created on Friday at 10 AM. Distractors: a meeting
    with Hesper on Thursday and next Monday, a Friday meeting with Ilario,
    and a meeting with Hesper last Friday.
    """

    import datetime

    simulate_org_structure(["Hesper", "Ilario", "Jorunn"])
    hesper = find_employee("Hesper")[0]
    ilario = find_employee("Ilario")[0]

    today = now_().date()
    thursday = today + datetime.timedelta(days=2)
    friday = today + datetime.timedelta(days=3)
    monday = today + datetime.timedelta(days=6)
    last_friday = friday - datetime.timedelta(days=7)

    def meeting(people, subject, day, hour, minute, minutes):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([hesper], "Quarter close", last_friday, 14, 0, 45),
            meeting([hesper], "Invoice review", thursday, 11, 0, 30),
            meeting([ilario], "Budget check", friday, 11, 0, 30),
            meeting([hesper], "Planning", monday, 14, 0, 45),
        ]
    )


def evaluate_move_or_create_meeting_with_hesper(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], if I already have a meeting with Hesper on Friday, move it to Monday at the same time; otherwise set up a 30-minute meeting with her on Friday at 10 AM.

    The Friday meeting with Hesper (2 to 2:45 PM) must now be on next
    Monday from 2 to 2:45 PM with the same subject and attendees; nothing
    else may change and nothing may be added.
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
    if [e.subject for e in removed] != ["Vendor shortlist"]:
        raise SolutionError(
            "expected only the Friday meeting with Hesper to change, changed: "
            f"{[e.subject for e in removed]}"
        )
    if len(added) != 1:
        raise SolutionError(
            f"expected the meeting to be moved, found {len(added)} new events"
        )
    moved = added[0]
    old = removed[0]
    start = combine(
        now_().date() + datetime.timedelta(days=6), datetime.time(14, 0)
    )
    if moved.starts_at != start or moved.ends_at != start + datetime.timedelta(
        minutes=45
    ):
        raise SolutionError(
            f"expected the meeting on {start} for 45 minutes, found "
            f"{moved.starts_at} to {moved.ends_at}"
        )
    if moved.attendees != old.attendees or moved.subject != old.subject:
        raise SolutionError("the moved meeting lost its subject or attendees")


def evaluate_move_or_create_meeting_with_hesper(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], if I already have a meeting with Hesper on Friday, move it to Monday at the same time; otherwise set up a 30-minute meeting with her on Friday at 10 AM.

    No Friday meeting with Hesper exists, so exactly one event must be
    added: with Hesper alone, this Friday from 10 to 10:30 AM. Every
    existing event must stay as it was.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    if any(e not in upcoming_after for e in upcoming_before):
        raise SolutionError("an existing event was changed or deleted")
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(added) != 1:
        raise SolutionError(f"expected one new event, found {len(added)}")
    new = added[0]
    start = combine(
        now_().date() + datetime.timedelta(days=3), datetime.time(10, 0)
    )
    if new.starts_at != start or new.ends_at != start + datetime.timedelta(
        minutes=30
    ):
        raise SolutionError(
            f"expected the meeting on {start} for 30 minutes, found "
            f"{new.starts_at} to {new.ends_at}"
        )
    hesper = find_employee("Hesper")[0]
    user = get_current_user()
    if [p for p in new.attendees or [] if p != user] != [hesper]:
        raise SolutionError("the new meeting must invite Hesper alone")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_move_or_create_meeting_with_hesper(
            query="",
            executable=move_or_create_meeting_with_hesper,
            setup_function=setup_env_move_or_create_meeting_with_hesper,
        )
