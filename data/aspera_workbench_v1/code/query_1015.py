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
# Hey, [Assistant], set up a 1-hour budget review with Leontine at 2 PM on the first Tuesday of every month, starting next month, six meetings in total.
# Tags: action, recurring, relative_dates
def monthly_budget_review_with_leontine():
    """Create a monthly series of six one-hour budget reviews with Leontine
    at 2 PM on the first Tuesday of each month, starting next month."""

    leontine = find_employee("Leontine")[0]
    next_month = parse_durations_to_date_interval(DateRanges["NextMonth"])
    first_tuesday = next_month.start
    while first_tuesday.weekday() != 1:
        first_tuesday = first_tuesday + datetime.timedelta(days=1)
    starts_at = combine(first_tuesday, time_by_hm(2, 0, "pm"))
    ends_at = modify(
        starts_at,
        Duration(1, TimeUnits.Hours),
        operator=DateTimeClauseOperators.add,
    )
    add_event(
        Event(
            attendees=[leontine],
            subject="Budget review",
            starts_at=starts_at,
            ends_at=ends_at,
            # the first (bysetpos 1) Tuesday (weekday 1) of each month
            repeats=RepetitionSpec(
                frequency=EventFrequency.MONTHLY,
                which_weekday=[1],
                bysetpos=[1],
                max_repetitions=6,
            ),
        )
    )


#OK:
def setup_env_monthly_budget_review_with_leontine():
    """World in which the user asks:

    Hey, [Assistant], set up a 1-hour budget review with Leontine at 2 PM on the first Tuesday of every month, starting next month, six meetings in total.

    The first Tuesdays from July to December 2024 are 2 July, 6 August,
    3 September, 1 October, 5 November and 3 December. Distractors: a
    budget review with Leontine that took place last Tuesday and a monthly
    series with Cosmo on the 2nd of each month.
    """

    import datetime

    simulate_org_structure(["Leontine", "Cosmo"])
    leontine = find_employee("Leontine")[0]
    cosmo = find_employee("Cosmo")[0]

    last_tuesday = get_prev_dow("Tuesday")
    past = combine(last_tuesday, time_by_hm(2, 0, "pm"))
    monthly = combine(date_by_mdy(month=7, day=2), time_by_hm(10, 0, "am"))
    simulate_user_calendar(
        [
            Event(
                attendees=[leontine],
                subject="Budget review",
                starts_at=past,
                ends_at=past + datetime.timedelta(hours=1),
            ),
            Event(
                attendees=[cosmo],
                subject="Invoice run",
                starts_at=monthly,
                ends_at=monthly + datetime.timedelta(minutes=30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.MONTHLY, max_repetitions=6
                ),
            ),
        ]
    )


def evaluate_monthly_budget_review_with_leontine(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a 1-hour budget review with Leontine at 2 PM on the first Tuesday of every month, starting next month, six meetings in total.

    The new events must yield exactly six one-hour meetings with Leontine
    alone, at 14:00 on 2024-07-02, 08-06, 09-03, 10-01, 11-05 and 12-03. A
    monthly series is the natural solution; six single events are accepted
    too. Nothing else may change.
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
        raise SolutionError("no budget review was added")

    leontine = find_employee("Leontine")[0]
    user = get_current_user()
    starts = []
    for event in added:
        if [p for p in event.attendees or [] if p != user] != [leontine]:
            raise SolutionError(
                "each budget review must be with Leontine alone"
            )
        if event.ends_at - event.starts_at != datetime.timedelta(hours=1):
            raise SolutionError(
                f"expected one-hour reviews, found {event.duration.number} min"
            )
        if event.repeats is None:
            starts.append(event.starts_at)
        else:
            starts += repetition_schedule(
                event.starts_at.time(),
                deepcopy(event.repeats),
                event.starts_at.date(),
            )
    days = [(7, 2), (8, 6), (9, 3), (10, 1), (11, 5), (12, 3)]
    expected = [
        combine(date_by_mdy(month=m, day=d), time_by_hm(2, 0, "pm"))
        for m, d in days
    ]
    starts.sort()
    if starts != expected:
        raise SolutionError(
            "expected reviews at 14:00 on the first Tuesdays of July to "
            f"December, found {[str(s) for s in starts[:8]]}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_monthly_budget_review_with_leontine(
            query="",
            executable=monthly_budget_review_with_leontine,
            setup_function=setup_env_monthly_budget_review_with_leontine,
        )
