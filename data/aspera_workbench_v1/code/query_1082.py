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
# Hey, [Assistant], set up a weekly one-hour sync with Solveig every Wednesday at 3 PM for six weeks, starting next week, in the Juniper room.
# Tags: action, recurring, rooms, relative_dates
def weekly_sync_with_solveig_in_juniper():
    """Create a weekly one-hour series with Solveig on Wednesdays at 3 PM,
    six occurrences from next week's Wednesday, located in Juniper."""

    solveig = find_employee("Solveig")[0]
    next_week = parse_duration_to_calendar("NextWeek")[0]
    wednesday = next_week[2]
    start = combine(wednesday, time_by_hm(3, 0, "pm"))
    add_event(
        Event(
            attendees=[solveig],
            subject="Weekly sync with Solveig",
            location="Juniper",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=6
            ),
        )
    )


#OK:
def setup_env_weekly_sync_with_solveig_in_juniper():
    """World in which the user asks:

    Hey, [Assistant], set up a weekly one-hour sync with Solveig every Wednesday at 3 PM for six weeks, starting next week, in the Juniper room.

    Solveig has a one-off meeting with the user tomorrow (a Wednesday) at
    3 PM; another colleague has a weekly Thursday series. The Juniper and
    Acacia rooms exist.
    """

    import datetime

    simulate_org_structure(["Solveig", "Tiberio"])
    solveig = find_employee("Solveig")[0]
    tiberio = find_employee("Tiberio")[0]
    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)
    next_thursday = today + datetime.timedelta(days=9)
    simulate_user_calendar(
        [
            Event(
                attendees=[solveig],
                subject="Intro chat",
                starts_at=combine(tomorrow, datetime.time(15, 0)),
                ends_at=combine(tomorrow, datetime.time(15, 30)),
            ),
            Event(
                attendees=[tiberio],
                subject="Weekly sync with Tiberio",
                location="Acacia",
                starts_at=combine(next_thursday, datetime.time(10, 0)),
                ends_at=combine(next_thursday, datetime.time(11, 0)),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, max_repetitions=4
                ),
            ),
        ]
    )
    simulate_conference_room("Juniper", 6)
    simulate_conference_room("Acacia", 4)


def evaluate_weekly_sync_with_solveig_in_juniper(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a weekly one-hour sync with Solveig every Wednesday at 3 PM for six weeks, starting next week, in the Juniper room.

    The new events must produce exactly six one-hour meetings with Solveig
    alone, in Juniper, at 15:00 on the Wednesdays 2024-07-03 to
    2024-08-07. A weekly series is the natural solution; six separate
    events are accepted too. Nothing else may change.
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
    if not added:
        raise SolutionError("no sync with Solveig was added")
    user = get_current_user()
    solveig = find_employee("Solveig")[0]
    starts = []
    for event in added:
        if [p for p in event.attendees or [] if p != user] != [solveig]:
            raise SolutionError("each sync must invite Solveig alone")
        if event.ends_at - event.starts_at != datetime.timedelta(hours=1):
            raise SolutionError(
                f"expected one-hour syncs, found {event.duration.number} minutes"
            )
        if (event.location or "").strip().lower() != "juniper":
            raise SolutionError(f"expected Juniper, found {event.location!r}")
        if event.repeats is None:
            starts.append(event.starts_at)
        else:
            starts += repetition_schedule(
                event.starts_at.time(),
                deepcopy(event.repeats),
                event.starts_at.date(),
            )
    first = combine(
        now_().date() + datetime.timedelta(days=8), datetime.time(15, 0)
    )
    expected = [first + datetime.timedelta(weeks=k) for k in range(6)]
    if sorted(starts) != expected:
        raise SolutionError(
            f"expected 6 syncs on Wednesdays {expected[0]} to {expected[-1]}, "
            f"found {len(starts)} starting {min(starts)}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_weekly_sync_with_solveig_in_juniper(
            query="",
            executable=weekly_sync_with_solveig_in_juniper,
            setup_function=setup_env_weekly_sync_with_solveig_in_juniper,
        )
