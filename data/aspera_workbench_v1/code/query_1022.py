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
# Hey, [Assistant], starting tomorrow, schedule a 45-minute mentoring session with Evander every other Wednesday at 4 PM until the end of September.
# Tags: action, recurring, relative_dates
# Apps: no room_booking
def fortnightly_mentoring_with_evander():
    """Create a fortnightly series of 45-minute mentoring sessions with
    Evander on Wednesdays at 4 PM, from tomorrow to 30 September."""

    evander = find_employee("Evander")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    starts_at = combine(tomorrow, time_by_hm(4, 0, "pm"))
    ends_at = modify(
        starts_at,
        Duration(45, TimeUnits.Minutes),
        operator=DateTimeClauseOperators.add,
    )
    add_event(
        Event(
            attendees=[evander],
            subject="Mentoring session",
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY,
                period=2,
                recurs_until=date_by_mdy(month=9, day=30),
            ),
        )
    )


#OK:
def setup_env_fortnightly_mentoring_with_evander():
    """World in which the user asks:

    Hey, [Assistant], starting tomorrow, schedule a 45-minute mentoring session with Evander every other Wednesday at 4 PM until the end of September.

    Tomorrow is Wednesday 2024-06-26. Evander had a mentoring session with
    the user last Wednesday; the user has a weekly Wednesday meeting with
    Priya at 11 AM.
    """

    import datetime

    simulate_org_structure(["Evander", "Priya"])
    evander = find_employee("Evander")[0]
    priya = find_employee("Priya")[0]

    last_wednesday = combine(get_prev_dow("Wednesday"), time_by_hm(4, 0, "pm"))
    weekly = combine(get_next_dow("Wednesday"), time_by_hm(11, 0, "am"))
    simulate_user_calendar(
        [
            Event(
                attendees=[evander],
                subject="Mentoring session",
                starts_at=last_wednesday,
                ends_at=last_wednesday + datetime.timedelta(minutes=45),
            ),
            Event(
                attendees=[priya],
                subject="Hiring pipeline",
                starts_at=weekly,
                ends_at=weekly + datetime.timedelta(minutes=30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, max_repetitions=12
                ),
            ),
        ]
    )


def evaluate_fortnightly_mentoring_with_evander(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], starting tomorrow, schedule a 45-minute mentoring session with Evander every other Wednesday at 4 PM until the end of September.

    The new events must yield exactly seven 45-minute sessions with Evander
    alone at 16:00 on 2024-06-26, 07-10, 07-24, 08-07, 08-21, 09-04 and
    09-18 (a fortnightly series, or single events). Nothing else may
    change.
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
    if removed:
        raise SolutionError(f"{len(removed)} existing events changed or went")
    added = [e for e in upcoming_after if e not in upcoming_before]
    if not added:
        raise SolutionError("no mentoring session was added")

    evander = find_employee("Evander")[0]
    user = get_current_user()
    starts = []
    for event in added:
        if [p for p in event.attendees or [] if p != user] != [evander]:
            raise SolutionError("each session must be with Evander alone")
        if event.ends_at - event.starts_at != datetime.timedelta(minutes=45):
            raise SolutionError(
                f"expected 45-minute sessions, found {event.duration.number}"
            )
        if event.repeats is None:
            starts.append(event.starts_at)
        else:
            starts += repetition_schedule(
                event.starts_at.time(),
                deepcopy(event.repeats),
                event.starts_at.date(),
            )
    first = datetime.datetime(2024, 6, 26, 16, 0)
    expected = [first + datetime.timedelta(weeks=2 * k) for k in range(7)]
    starts.sort()
    if starts != expected:
        raise SolutionError(
            "expected 7 sessions every other Wednesday from 2024-06-26 to "
            f"2024-09-18 at 16:00, found {len(starts)}: "
            f"{[str(s) for s in starts[:4]]}..."
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_fortnightly_mentoring_with_evander(
            query="",
            executable=fortnightly_mentoring_with_evander,
            setup_function=setup_env_fortnightly_mentoring_with_evander,
        )
