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
# Hey, [Assistant], my weekly roadmap review with Hamish should start at 2 PM instead of 11 AM from now on; please update the whole series.
# Tags: action, recurring, reschedule
# Apps: no room_booking
def move_roadmap_review_series_to_2pm():
    """Move every occurrence of the weekly roadmap review with Hamish from
    11 AM to 2 PM, keeping its day, length and end date."""

    hamish = find_employee("Hamish")[0]
    series = [
        event
        for event in find_events(attendees=[hamish], subject="roadmap review")
        if event.repeats is not None
    ]
    if len(series) != 1:
        raise RequiresUserInput(
            f"I found {len(series)} recurring roadmap reviews with Hamish."
        )
    review = series[0]
    length = review.ends_at - review.starts_at
    review.starts_at = combine(review.starts_at.date(), time_by_hm(2, 0, "pm"))
    review.ends_at = review.starts_at + length
    # saving the parent again regenerates all of its occurrences
    add_event(review)


#OK:
def setup_env_move_roadmap_review_series_to_2pm():
    """World in which the user asks:

    Hey, [Assistant], my weekly roadmap review with Hamish should start at 2 PM instead of 11 AM from now on; please update the whole series.

    The weekly "Roadmap review" with Hamish runs on Thursdays from 11:00 to
    11:45, from this Thursday (2024-06-27) until 2024-09-26. Distractors: a
    one-off roadmap review with Greta tomorrow at 11 AM and a weekly Monday
    series with Hamish at 11 AM.
    """

    import datetime

    simulate_org_structure(["Hamish", "Greta"])
    hamish = find_employee("Hamish")[0]
    greta = find_employee("Greta")[0]

    review = combine(get_next_dow("Thursday"), time_by_hm(11, 0, "am"))
    ops = combine(get_next_dow("Monday"), time_by_hm(11, 0, "am"))
    one_off = combine(
        now_().date() + datetime.timedelta(days=1), time_by_hm(11, 0, "am")
    )
    simulate_user_calendar(
        [
            Event(
                attendees=[hamish],
                subject="Roadmap review",
                starts_at=review,
                ends_at=review + datetime.timedelta(minutes=45),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY,
                    recurs_until=date_by_mdy(month=9, day=26),
                ),
            ),
            Event(
                attendees=[greta],
                subject="Roadmap review",
                starts_at=one_off,
                ends_at=one_off + datetime.timedelta(minutes=45),
            ),
            Event(
                attendees=[hamish],
                subject="Ops review",
                starts_at=ops,
                ends_at=ops + datetime.timedelta(minutes=30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, max_repetitions=8
                ),
            ),
        ]
    )


def evaluate_move_roadmap_review_series_to_2pm(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], my weekly roadmap review with Hamish should start at 2 PM instead of 11 AM from now on; please update the whole series.

    The 11 AM series must be replaced (updated in place or re-created) by a
    series with Hamish alone whose occurrences run from 14:00 to 14:45 on
    every Thursday from 2024-06-27 to 2024-09-26 (14 sessions), both in its
    rule and in the stored occurrences. Every other event stays as it was.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()
    hamish = find_employee("Hamish")[0]
    old_series = [
        e
        for e in upcoming_before
        if e.subject == "Roadmap review" and e.repeats is not None
    ][0]

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    if old_series in upcoming_after:
        raise SolutionError("the roadmap review series still starts at 11 AM")
    removed = [e for e in upcoming_before if e not in upcoming_after]
    if len(removed) != 1:
        raise SolutionError(
            f"expected one changed event, {len(removed)} changed"
        )
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(added) != 1:
        raise SolutionError(f"expected one updated series, found {len(added)}")
    series = added[0]
    user = get_current_user()
    if [p for p in series.attendees or [] if p != user] != [hamish]:
        raise SolutionError(
            "the roadmap review must still be with Hamish alone"
        )
    if series.repeats is None:
        raise SolutionError("the roadmap review is no longer a weekly series")
    if series.ends_at - series.starts_at != datetime.timedelta(minutes=45):
        raise SolutionError(
            f"the review must last 45 minutes, found {series.duration.number}"
        )
    first = combine(get_next_dow("Thursday"), time_by_hm(2, 0, "pm"))
    expected = []
    while first.date() <= date_by_mdy(month=9, day=26):
        expected.append(first)
        first = first + datetime.timedelta(days=7)
    schedule = repetition_schedule(
        series.starts_at.time(),
        deepcopy(series.repeats),
        series.starts_at.date(),
    )
    if schedule != expected:
        raise SolutionError(
            f"expected {len(expected)} Thursday sessions at 14:00 until "
            f"2024-09-26, the series gives {len(schedule)} from {schedule[:1]}"
        )
    stored = sorted(i.starts_at for i in get_event_instances(series))
    if stored != expected:
        raise SolutionError(
            "the stored occurrences do not match the new schedule"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_move_roadmap_review_series_to_2pm(
            query="",
            executable=move_roadmap_review_series_to_2pm,
            setup_function=setup_env_move_roadmap_review_series_to_2pm,
        )
