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
# Hey, [Assistant], move my meeting with Anselm tomorrow to the earliest time from 2 PM onwards when Anselm's calendar is free, keeping its length.
# Tags: action, reschedule, shared_calendar, availability, relative_dates
def move_meeting_with_anselm():
    """Move tomorrow's meeting with Anselm to the first gap in Anselm's
    calendar, no earlier than 2 PM tomorrow, that fits the meeting."""

    anselm = find_employee("Anselm")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    mine = [
        event
        for event in find_events(attendees=[anselm])
        if event.starts_at.date() == tomorrow
    ]
    if len(mine) != 1:
        raise RequiresUserInput(
            "I could not single out one meeting with Anselm tomorrow. "
            "Which one?"
        )
    meeting = mine[0]
    length = meeting.ends_at - meeting.starts_at
    his_day = []
    for event in get_calendar(anselm):
        if event.starts_at is None or event.ends_at is None:
            continue
        if event.starts_at.date() <= tomorrow <= event.ends_at.date():
            his_day.append(event)
    earliest = combine(tomorrow, time_by_hm(2, 0, "pm"))
    for slot in find_available_slots(
        his_day, get_search_settings("work"), tomorrow
    ):
        start = max(slot.start, earliest)
        if start + length <= slot.end:
            meeting.starts_at = start
            meeting.ends_at = start + length
            add_event(meeting)
            return
    raise RequiresUserInput(
        "Anselm has no gap long enough after 2 PM tomorrow."
    )


# OK:
def setup_env_move_meeting_with_anselm():
    """World in which the user asks:

    Hey, [Assistant], move my meeting with Anselm tomorrow to the earliest time from 2 PM onwards when Anselm's calendar is free, keeping its length.

    The meeting is a 45-minute contract review tomorrow at 10 AM. Anselm is
    busy tomorrow 14:00-15:00 and 15:15-16:00; the 15-minute gap between
    them is too short, so the review moves to 16:00-16:45. Distractors: a
    meeting with Anselm on Friday, a meeting with Kerensa in the user's
    calendar tomorrow at 2 PM, and Anselm's free morning before 2 PM.
    """

    import datetime

    simulate_org_structure(["Anselm", "Kerensa", "Jolyon"])
    anselm = find_employee("Anselm")[0]
    kerensa = find_employee("Kerensa")[0]
    jolyon = find_employee("Jolyon")[0]
    me = get_current_user()

    tomorrow = now_().date() + datetime.timedelta(days=1)
    friday = get_next_dow("Friday")

    def meeting(people, day, hour, minute, minutes, subject):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([anselm], tomorrow, 10, 0, 45, "Contract review"),
            meeting([kerensa], tomorrow, 14, 0, 30, "Hiring sync"),
            meeting([anselm], friday, 11, 0, 30, "Contract follow-up"),
        ]
    )
    simulate_employee_calendar(
        anselm,
        [
            meeting([me], tomorrow, 10, 0, 45, "Contract review"),
            meeting([jolyon], tomorrow, 14, 0, 60, "Legal check"),
            meeting([kerensa, jolyon], tomorrow, 15, 15, 45, "Pricing board"),
            meeting([me], friday, 11, 0, 30, "Contract follow-up"),
        ],
    )


def evaluate_move_meeting_with_anselm(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], move my meeting with Anselm tomorrow to the earliest time from 2 PM onwards when Anselm's calendar is free, keeping its length.

    The contract review must now run tomorrow 16:00-16:45, keeping its
    attendees and subject (it may be updated in place or replaced); every
    other event must stay as it was and no event may be added.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `move_meeting_with_anselm`.
    setup_function
        `setup_env_move_meeting_with_anselm`, which builds the world."""

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()
    anselm = find_employee("Anselm")[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)
    original = [
        e
        for e in upcoming_before
        if e.subject == "Contract review" and e.starts_at.date() == tomorrow
    ][0]

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events must not change")
    others_before = [e for e in upcoming_before if e != original]
    if any(e not in upcoming_after for e in others_before):
        raise SolutionError("only the meeting with Anselm tomorrow may change")
    changed = [e for e in upcoming_after if e not in others_before]
    if len(changed) != 1:
        raise SolutionError(
            "expected the review to be moved (one event), "
            f"found {len(changed)} "
            "new or changed events"
        )
    moved = changed[0]
    expected_start = combine(tomorrow, time_by_hm(4, 0, "pm"))
    if moved.starts_at != expected_start:
        raise SolutionError(
            f"expected the review to start at {expected_start}, "
            f"got {moved.starts_at}"
        )
    if moved.ends_at - moved.starts_at != datetime.timedelta(minutes=45):
        raise SolutionError("the review must keep its 45-minute length")
    if moved.attendees != [anselm] or moved.subject != original.subject:
        raise SolutionError(
            "the moved review must keep its attendees and subject"
        )


# OK:
def setup_env_move_meeting_with_anselm():
    """World in which the user asks:

    Hey, [Assistant], move my meeting with Anselm tomorrow to the earliest time from 2 PM onwards when Anselm's calendar is free, keeping its length.

    The meeting is a 45-minute contract review tomorrow at 10 AM. Anselm's
    afternoon: a meeting 13:00-14:00 (ending exactly at 2 PM) and one
    14:45-15:30, so the 45-minute gap 14:00-14:45 fits exactly and the review
    moves there. The user's own calendar is free then.
    """

    import datetime

    simulate_org_structure(["Anselm", "Kerensa", "Jolyon"])
    anselm = find_employee("Anselm")[0]
    kerensa = find_employee("Kerensa")[0]
    jolyon = find_employee("Jolyon")[0]
    me = get_current_user()

    tomorrow = now_().date() + datetime.timedelta(days=1)

    def meeting(people, day, hour, minute, minutes, subject):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([anselm], tomorrow, 10, 0, 45, "Contract review"),
            meeting([kerensa], tomorrow, 15, 30, 30, "Hiring sync"),
        ]
    )
    simulate_employee_calendar(
        anselm,
        [
            meeting([me], tomorrow, 10, 0, 45, "Contract review"),
            meeting([jolyon], tomorrow, 13, 0, 60, "Legal check"),
            meeting([kerensa, jolyon], tomorrow, 14, 45, 45, "Pricing board"),
        ],
    )


def evaluate_move_meeting_with_anselm(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], move my meeting with Anselm tomorrow to the earliest time from 2 PM onwards when Anselm's calendar is free, keeping its length.

    The contract review must now run tomorrow 14:00-14:45, keeping its
    attendees and subject (it may be updated in place or replaced); every
    other event must stay as it was and no event may be added.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `move_meeting_with_anselm`.
    setup_function
        `setup_env_move_meeting_with_anselm`, which builds the world."""

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()
    anselm = find_employee("Anselm")[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)
    original = [
        e
        for e in upcoming_before
        if e.subject == "Contract review" and e.starts_at.date() == tomorrow
    ][0]

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events must not change")
    others_before = [e for e in upcoming_before if e != original]
    if any(e not in upcoming_after for e in others_before):
        raise SolutionError("only the meeting with Anselm tomorrow may change")
    changed = [e for e in upcoming_after if e not in others_before]
    if len(changed) != 1:
        raise SolutionError(
            "expected the review to be moved (one event), "
            f"found {len(changed)} "
            "new or changed events"
        )
    moved = changed[0]
    expected_start = combine(tomorrow, time_by_hm(2, 0, "pm"))
    if moved.starts_at != expected_start:
        raise SolutionError(
            f"expected the review to start at {expected_start}, "
            f"got {moved.starts_at}"
        )
    if moved.ends_at - moved.starts_at != datetime.timedelta(minutes=45):
        raise SolutionError("the review must keep its 45-minute length")
    if moved.attendees != [anselm] or moved.subject != original.subject:
        raise SolutionError(
            "the moved review must keep its attendees and subject"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_move_meeting_with_anselm(
            query="",
            executable=move_meeting_with_anselm,
            setup_function=setup_env_move_meeting_with_anselm,
        )
