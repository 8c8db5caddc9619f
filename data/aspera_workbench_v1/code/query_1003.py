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
# Hey, [Assistant], set up a weekly 30-minute one-on-one with Marisol on Mondays at 10 AM, starting next week, eight sessions in total.
# Tags: action, recurring, relative_dates
# Apps: no room_booking
def weekly_one_on_one_with_marisol():
    """Create a weekly series of eight 30-minute one-on-ones with Marisol,
    Mondays at 10 AM, the first one next Monday."""

    marisol = find_employee("Marisol")[0]
    first_monday = get_next_dow("Monday")
    starts_at = combine(first_monday, time_by_hm(10, 0, "am"))
    ends_at = modify(
        starts_at,
        Duration(30, TimeUnits.Minutes),
        operator=DateTimeClauseOperators.add,
    )
    add_event(
        Event(
            attendees=[marisol],
            subject="One-on-one with Marisol",
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=8
            ),
        )
    )


#OK:
def setup_env_weekly_one_on_one_with_marisol():
    """World in which the user asks:

    Hey, [Assistant], set up a weekly 30-minute one-on-one with Marisol on Mondays at 10 AM, starting next week, eight sessions in total.

    Marisol has a one-off meeting with the user this Thursday and took part
    in one yesterday; another colleague already has a weekly Monday series
    at 11 AM.
    """

    import datetime

    simulate_org_structure(["Marisol", "Leopold", "Yvaine"])
    marisol = find_employee("Marisol")[0]
    leopold = find_employee("Leopold")[0]

    today = now_().date()
    thursday = get_next_dow("Thursday")
    next_monday = get_next_dow("Monday")
    eleven = combine(next_monday, time_by_hm(11, 0, "am"))
    simulate_user_calendar(
        [
            Event(
                attendees=[marisol],
                subject="Hiring loop debrief",
                starts_at=combine(thursday, time_by_hm(10, 0, "am")),
                ends_at=combine(thursday, time_by_hm(10, 30, "am")),
            ),
            Event(
                attendees=[marisol],
                subject="Quarter kickoff",
                starts_at=combine(
                    today - datetime.timedelta(days=1), time_by_hm(2, 0, "pm")
                ),
                ends_at=combine(
                    today - datetime.timedelta(days=1), time_by_hm(3, 0, "pm")
                ),
            ),
            Event(
                attendees=[leopold],
                subject="Mentoring",
                starts_at=eleven,
                ends_at=eleven + datetime.timedelta(minutes=30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, max_repetitions=6
                ),
            ),
        ]
    )


def evaluate_weekly_one_on_one_with_marisol(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a weekly 30-minute one-on-one with Marisol on Mondays at 10 AM, starting next week, eight sessions in total.

    The new events must produce exactly eight 30-minute meetings with
    Marisol alone, at 10:00 on the Mondays 2024-07-01 to 2024-08-19. A
    single weekly series is the natural solution, but eight separate events
    are accepted as well. Nothing else may change.
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
        raise SolutionError("no one-on-one with Marisol was added")

    marisol = find_employee("Marisol")[0]
    user = get_current_user()
    starts = []
    for event in added:
        if [p for p in event.attendees or [] if p != user] != [marisol]:
            raise SolutionError("each one-on-one must invite Marisol alone")
        if event.ends_at - event.starts_at != datetime.timedelta(minutes=30):
            raise SolutionError(
                f"expected 30-minute sessions, found {event.duration.number}"
            )
        if event.repeats is None:
            starts.append(event.starts_at)
        else:
            starts += repetition_schedule(
                event.starts_at.time(),
                deepcopy(event.repeats),
                event.starts_at.date(),
            )
    first = combine(get_next_dow("Monday"), time_by_hm(10, 0, "am"))
    expected = [first + datetime.timedelta(weeks=k) for k in range(8)]
    if sorted(starts) != expected:
        raise SolutionError(
            f"expected 8 sessions on Mondays {expected[0]} to {expected[-1]}, "
            f"found {len(starts)} starting {min(starts)}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_weekly_one_on_one_with_marisol(
            query="",
            executable=weekly_one_on_one_with_marisol,
            setup_function=setup_env_weekly_one_on_one_with_marisol,
        )
