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
# Hey, [Assistant], set up a 45-minute meeting with Xanthe, Yevgenia and Zenobia on Wednesday at 11 AM, and book any room for four that's free then.
# Tags: action, rooms
def meeting_with_three_in_a_room_for_four():
    """Create a 45-minute meeting on Wednesday at 11 AM with Xanthe,
    Yevgenia and Zenobia, located in a room with at least four seats that
    is free for the whole meeting."""

    people = [
        find_employee(name)[0] for name in ["Xanthe", "Yevgenia", "Zenobia"]
    ]
    start = combine(get_next_dow("Wednesday"), time_by_hm(11, 0, "am"))
    wanted = TimeInterval(
        start=start, end=start + datetime.timedelta(minutes=45)
    )
    for option in search_conference_room([wanted], capacity=4):
        if any(slot.includes(wanted) for slot in option.free_slots):
            add_event(
                Event(
                    attendees=people,
                    subject="Meeting",
                    location=option.room.room_name,
                    starts_at=wanted.start,
                    ends_at=wanted.end,
                )
            )
            return
    raise RequiresUserInput("No room for four is free on Wednesday at 11 AM.")


#OK:
def setup_env_meeting_with_three_in_a_room_for_four():
    """World in which the user asks:

    Hey, [Assistant], set up a 45-minute meeting with Xanthe, Yevgenia and Zenobia on Wednesday at 11 AM, and book any room for four that's free then.

    Wednesday is tomorrow. Rooms in storage order: Pine (3 seats, free,
    too small), Elm (4, booked 11:30-12:00), Larch (8, booked until
    11:00, so free from 11) and Fir (6, free). Larch or Fir is correct.
    """

    import datetime

    names = ["Xanthe", "Yevgenia", "Zenobia"]
    simulate_org_structure(names)
    xanthe = find_employee("Xanthe")[0]
    tomorrow = now_().date() + datetime.timedelta(days=1)

    def at(hour, minute):
        return combine(tomorrow, datetime.time(hour, minute))

    simulate_user_calendar(
        [
            Event(
                attendees=[xanthe],
                subject="Prep with Xanthe",
                starts_at=at(10, 0),
                ends_at=at(10, 30),
            )
        ]
    )
    simulate_conference_room("Pine", 3)
    simulate_conference_room(
        "Elm", 4, {tomorrow: [TimeInterval(start=at(11, 30), end=at(12, 0))]}
    )
    simulate_conference_room(
        "Larch", 8, {tomorrow: [TimeInterval(start=at(10, 0), end=at(11, 0))]}
    )
    simulate_conference_room("Fir", 6)


def evaluate_meeting_with_three_in_a_room_for_four(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a 45-minute meeting with Xanthe, Yevgenia and Zenobia on Wednesday at 11 AM, and book any room for four that's free then.

    Exactly one event must be added: tomorrow (Wednesday) 11:00-11:45 with
    Xanthe, Yevgenia and Zenobia (the user may be listed too), located in
    a room with at least four seats that is free then (Larch or Fir).
    Nothing else may change.
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
        now_().date() + datetime.timedelta(days=1), datetime.time(11, 0)
    )
    if (
        meeting.starts_at != start
        or meeting.ends_at != start + datetime.timedelta(minutes=45)
    ):
        raise SolutionError(
            f"expected the meeting at {start} for 45 minutes, found "
            f"{meeting.starts_at} to {meeting.ends_at}"
        )
    user = get_current_user()
    invited = sorted(p.name for p in meeting.attendees or [] if p != user)
    if invited != ["Xanthe", "Yevgenia", "Zenobia"]:
        raise SolutionError(
            f"expected Xanthe, Yevgenia and Zenobia, found {invited}"
        )
    wanted = TimeInterval(start=meeting.starts_at, end=meeting.ends_at)
    suitable = [
        option.room.room_name
        for option in search_conference_room([wanted], capacity=4)
        if any(slot.includes(wanted) for slot in option.free_slots)
    ]
    if meeting.location not in suitable:
        raise SolutionError(
            f"expected one of the free rooms for four {suitable}, found "
            f"{meeting.location!r}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_meeting_with_three_in_a_room_for_four(
            query="",
            executable=meeting_with_three_in_a_room_for_four,
            setup_function=setup_env_meeting_with_three_in_a_room_for_four,
        )
