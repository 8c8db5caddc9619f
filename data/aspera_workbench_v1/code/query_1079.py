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
# Hey, [Assistant], schedule a 30-minute meeting with Wolfram on Thursday at the first time we're both free.
# Tags: action, availability, shared_calendar
# Apps: no room_booking
def meet_wolfram_thursday_first_common_slot():
    """Add a 30-minute meeting with Wolfram on Thursday at the start of the
    first gap that is free in both calendars and long enough."""

    wolfram = find_employee("Wolfram")[0]
    thursday = get_next_dow("Thursday")
    length = datetime.timedelta(minutes=30)
    busy = find_events() + [
        event for event in get_calendar(wolfram) if event.ends_at is not None
    ]
    slots = find_available_slots(busy, get_search_settings("work"), thursday)
    for slot in slots:
        if slot.end - slot.start >= length:
            add_event(
                Event(
                    attendees=[wolfram],
                    subject="Meeting with Wolfram",
                    starts_at=slot.start,
                    ends_at=slot.start + length,
                )
            )
            return
    raise RequiresUserInput("You and Wolfram have no common free half hour.")


#OK:
def setup_env_meet_wolfram_thursday_first_common_slot():
    """World in which the user asks:

    Hey, [Assistant], schedule a 30-minute meeting with Wolfram on Thursday at the first time we're both free.

    On Thursday the user is free 10:00-10:20, 11:00-12:30, 13:30-14:00 and
    from 15:00; Wolfram is busy 10:00-10:30, 11:00-11:20, 11:45-12:15 and
    13:30-14:30. The common gaps before 15:00 are 25 and 15 minutes long,
    so the meeting goes to 15:00-15:30.
    """

    import datetime

    simulate_org_structure(["Wolfram", "Xanthe", "Yevgenia"])
    wolfram = find_employee("Wolfram")[0]
    xanthe = find_employee("Xanthe")[0]
    yevgenia = find_employee("Yevgenia")[0]

    today = now_().date()
    yesterday = today - datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

    def meeting(person, subject, day, start, end):
        return Event(
            attendees=[person],
            subject=subject,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    simulate_user_calendar(
        [
            meeting(xanthe, "Early review", thursday, (9, 0), (10, 0)),
            meeting(yevgenia, "Forecast", thursday, (10, 20), (11, 0)),
            meeting(xanthe, "Lunch and learn", thursday, (12, 30), (13, 30)),
            meeting(yevgenia, "Vendor call", thursday, (14, 0), (15, 0)),
        ]
    )
    simulate_employee_calendar(
        wolfram,
        [
            meeting(xanthe, "Status", yesterday, (15, 0), (16, 0)),
            meeting(xanthe, "Standup", thursday, (10, 0), (10, 30)),
            meeting(yevgenia, "Pairing", thursday, (11, 0), (11, 20)),
            meeting(xanthe, "Hiring sync", thursday, (11, 45), (12, 15)),
            meeting(yevgenia, "Ops review", thursday, (13, 30), (14, 30)),
        ],
    )


def evaluate_meet_wolfram_thursday_first_common_slot(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], schedule a 30-minute meeting with Wolfram on Thursday at the first time we're both free.

    Exactly one event must be added: Thursday 15:00-15:30 with Wolfram
    (the user may be listed too). Nothing else may change.
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
        raise SolutionError(f"expected one new meeting, found {len(added)}")
    meeting = added[0]
    start = combine(
        now_().date() + datetime.timedelta(days=2), datetime.time(15, 0)
    )
    if (
        meeting.starts_at != start
        or meeting.ends_at != start + datetime.timedelta(minutes=30)
    ):
        raise SolutionError(
            f"expected the meeting at {start} for 30 minutes, found "
            f"{meeting.starts_at} to {meeting.ends_at}"
        )
    user = get_current_user()
    wolfram = find_employee("Wolfram")[0]
    if [p for p in meeting.attendees or [] if p != user] != [wolfram]:
        raise SolutionError("the meeting must invite Wolfram alone")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_meet_wolfram_thursday_first_common_slot(
            query="",
            executable=meet_wolfram_thursday_first_common_slot,
            setup_function=setup_env_meet_wolfram_thursday_first_common_slot,
        )
