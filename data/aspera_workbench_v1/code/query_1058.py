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


#OK:
# Hey, [Assistant], book the Aspen room for my 11 AM meeting with Clodagh tomorrow.
# Tags: action, rooms, relative_dates
def book_aspen_for_meeting_with_clodagh():
    """Put the Aspen room as the location of tomorrow's 11 AM meeting with
    Clodagh."""

    clodagh = find_employee("Clodagh")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    eleven = combine(tomorrow, time_by_hm(11, 0, "am"))
    meetings = [
        event
        for event in find_events(attendees=[clodagh])
        if event.starts_at == eleven
    ]
    if len(meetings) != 1:
        raise RequiresUserInput(
            "I could not find exactly one 11 AM meeting with Clodagh tomorrow."
        )
    meeting = meetings[0]
    # a room is booked by naming it as the meeting's location
    meeting.location = "Aspen"
    add_event(meeting)


#OK:
def setup_env_book_aspen_for_meeting_with_clodagh():
    """World in which the user asks:

    Hey, [Assistant], book the Aspen room for my 11 AM meeting with Clodagh tomorrow.

    Tomorrow at 11:00-11:45 the user meets Clodagh ("Pricing workshop").
    Distractors: a later meeting with Clodagh tomorrow, an 11 AM meeting
    with her on Thursday, an 11 AM meeting with Dunstan today, and the
    Birch room.
    """

    import datetime

    simulate_org_structure(["Clodagh", "Dunstan", "Eirwen"])
    clodagh = find_employee("Clodagh")[0]
    dunstan = find_employee("Dunstan")[0]
    eirwen = find_employee("Eirwen")[0]

    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

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
            meeting([dunstan], "Release checklist", today, 11, 0, 30),
            meeting([clodagh], "Pricing workshop", tomorrow, 11, 0, 45),
            meeting([clodagh], "Pricing follow-up", tomorrow, 15, 0, 30),
            meeting([clodagh, eirwen], "Partner update", tomorrow, 9, 30, 30),
            meeting([clodagh], "Contract review", thursday, 11, 0, 60),
        ]
    )
    simulate_conference_room("Aspen", 6)
    simulate_conference_room("Birch", 4)


def evaluate_book_aspen_for_meeting_with_clodagh(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book the Aspen room for my 11 AM meeting with Clodagh tomorrow.

    The Pricing workshop with Clodagh tomorrow 11:00-11:45 must now have
    the location Aspen and keep its attendees, subject and times. No other
    event may change and no event may be added.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    clodagh = find_employee("Clodagh")[0]
    start = combine(
        now_().date() + datetime.timedelta(days=1), datetime.time(11, 0)
    )
    target = [
        e
        for e in upcoming_before
        if e.starts_at == start and e.attendees == [clodagh]
    ][0]
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if any(e.event_id != target.event_id for e in removed):
        raise SolutionError("an event other than the 11 AM meeting changed")
    if len(added) != 1 or len(removed) != 1:
        raise SolutionError(
            f"expected the 11 AM meeting to be updated in place, found "
            f"{len(added)} new and {len(removed)} changed events"
        )
    booked = added[0]
    if (booked.location or "").strip().lower() != "aspen":
        raise SolutionError(
            f"expected location Aspen, found {booked.location!r}"
        )
    if (
        booked.attendees != target.attendees
        or booked.subject != target.subject
        or booked.starts_at != target.starts_at
        or booked.ends_at != target.ends_at
    ):
        raise SolutionError(
            "the meeting's attendees, subject or times were changed"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_book_aspen_for_meeting_with_clodagh(
            query="",
            executable=book_aspen_for_meeting_with_clodagh,
            setup_function=setup_env_book_aspen_for_meeting_with_clodagh,
        )
