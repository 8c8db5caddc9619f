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
# Hey, [Assistant], if I have more than five hours of meetings on Thursday, move my one-on-one with Idony that day to Friday at the same time.
# Tags: action, conditional, reschedule
# Apps: no room_booking
def lighten_thursday_by_moving_idony():
    """Move Thursday's one-on-one with Idony to Friday at the same time,
    but only if Thursday's meetings add up to more than five hours."""

    idony = find_employee("Idony")[0]
    thursday = get_next_dow("Thursday")
    on_thursday = [e for e in find_events() if e.starts_at.date() == thursday]
    booked = datetime.timedelta(0)
    for event in on_thursday:
        booked += event.ends_at - event.starts_at
    if booked <= datetime.timedelta(hours=5):
        return
    one_on_ones = [e for e in on_thursday if e.attendees == [idony]]
    if len(one_on_ones) != 1:
        raise RequiresUserInput("Which meeting with Idony should I move?")
    meeting = one_on_ones[0]
    meeting.starts_at = meeting.starts_at + datetime.timedelta(days=1)
    meeting.ends_at = meeting.ends_at + datetime.timedelta(days=1)
    add_event(meeting)


#OK:
def setup_env_lighten_thursday_by_moving_idony():
    """World in which the user asks:

    Hey, [Assistant], if I have more than five hours of meetings on Thursday, move my one-on-one with Idony that day to Friday at the same time.

    Thursday holds 90 + 60 + 90 + 30 + 60 = 330 minutes of meetings, more
    than five hours, so the one-on-one with Idony (15:00-15:30) moves to
    Friday 15:00-15:30. A group meeting with Idony on Thursday and the
    one-on-one of next Thursday stay where they are.
    """

    import datetime

    simulate_org_structure(["Idony", "Jolyon", "Keturah"])
    idony = find_employee("Idony")[0]
    jolyon = find_employee("Jolyon")[0]
    keturah = find_employee("Keturah")[0]

    today = now_().date()
    thursday = today + datetime.timedelta(days=2)
    friday = today + datetime.timedelta(days=3)
    next_thursday = today + datetime.timedelta(days=9)

    def meeting(people, subject, day, start, end):
        return Event(
            attendees=people,
            subject=subject,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    simulate_user_calendar(
        [
            meeting([keturah], "Planning", thursday, (9, 30), (11, 0)),
            meeting(
                [idony, jolyon], "Design review", thursday, (11, 0), (12, 0)
            ),
            meeting([jolyon], "Customer call", thursday, (13, 0), (14, 30)),
            meeting([idony], "One-on-one", thursday, (15, 0), (15, 30)),
            meeting([keturah], "Hiring panel", thursday, (16, 0), (17, 0)),
            meeting([jolyon], "Retro", friday, (10, 0), (11, 0)),
            meeting([idony], "One-on-one", next_thursday, (15, 0), (15, 30)),
        ]
    )


#OK:
def setup_env_lighten_thursday_by_moving_idony():
    """World in which the user asks:

    Hey, [Assistant], if I have more than five hours of meetings on Thursday, move my one-on-one with Idony that day to Friday at the same time.

    Thursday holds 90 + 60 + 60 + 30 + 60 = 300 minutes of meetings,
    exactly five hours and so not more, so nothing must change.
    """

    import datetime

    simulate_org_structure(["Idony", "Jolyon", "Keturah"])
    idony = find_employee("Idony")[0]
    jolyon = find_employee("Jolyon")[0]
    keturah = find_employee("Keturah")[0]

    today = now_().date()
    thursday = today + datetime.timedelta(days=2)
    friday = today + datetime.timedelta(days=3)
    next_thursday = today + datetime.timedelta(days=9)

    def meeting(people, subject, day, start, end):
        return Event(
            attendees=people,
            subject=subject,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    simulate_user_calendar(
        [
            meeting([keturah], "Planning", thursday, (9, 30), (11, 0)),
            meeting(
                [idony, jolyon], "Design review", thursday, (11, 0), (12, 0)
            ),
            meeting([jolyon], "Customer call", thursday, (13, 0), (14, 0)),
            meeting([idony], "One-on-one", thursday, (15, 0), (15, 30)),
            meeting([keturah], "Hiring panel", thursday, (16, 0), (17, 0)),
            meeting([jolyon], "Retro", friday, (10, 0), (11, 0)),
            meeting([idony], "One-on-one", next_thursday, (15, 0), (15, 30)),
        ]
    )


def evaluate_lighten_thursday_by_moving_idony(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], if I have more than five hours of meetings on Thursday, move my one-on-one with Idony that day to Friday at the same time.

    Thursday has 5.5 hours of meetings, so Thursday's one-on-one with Idony
    must now run on Friday 15:00-15:30 with the same subject and
    attendees; nothing else may change and nothing may be added.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    thursday = now_().date() + datetime.timedelta(days=2)
    target = [
        e
        for e in upcoming_before
        if e.subject == "One-on-one" and e.starts_at.date() == thursday
    ][0]
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(removed) != 1 or removed[0].event_id != target.event_id:
        raise SolutionError(
            "expected only Thursday's one-on-one with Idony to change, "
            f"changed: {[(e.subject, str(e.starts_at)) for e in removed]}"
        )
    if len(added) != 1:
        raise SolutionError(
            f"expected the one-on-one moved, found {len(added)} new events"
        )
    moved = added[0]
    start = combine(thursday + datetime.timedelta(days=1), datetime.time(15, 0))
    if moved.starts_at != start or moved.ends_at != start + datetime.timedelta(
        minutes=30
    ):
        raise SolutionError(
            f"expected the one-on-one at {start} for 30 minutes, found "
            f"{moved.starts_at} to {moved.ends_at}"
        )
    if moved.attendees != target.attendees or moved.subject != target.subject:
        raise SolutionError("the moved meeting lost its subject or attendees")


def evaluate_lighten_thursday_by_moving_idony(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], if I have more than five hours of meetings on Thursday, move my one-on-one with Idony that day to Friday at the same time.

    Thursday has exactly five hours of meetings, which is not more than
    five, so the calendar must stay exactly as it was.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    upcoming_after = find_events()
    if upcoming_after != upcoming_before:
        changed = [
            e.subject for e in upcoming_before if e not in upcoming_after
        ]
        raise SolutionError(
            "Thursday has exactly five hours of meetings, so nothing should "
            f"change; changed: {changed}, now {len(upcoming_after)} events"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_lighten_thursday_by_moving_idony(
            query="",
            executable=lighten_thursday_by_moving_idony,
            setup_function=setup_env_lighten_thursday_by_moving_idony,
        )
