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
# Hey, [Assistant], skip next week's session of my weekly design crit, but keep the rest of the series as it is.
# Tags: action, recurring, delete, relative_dates
# Apps: no room_booking
def skip_next_weeks_design_crit():
    """Cancel the occurrence of the weekly design crit series that falls in
    next week, leaving the series and its other occurrences alone."""

    # the series began in the past, so it may be listed among past events
    candidates = find_past_events(subject="design crit") + find_events(
        subject="design crit"
    )
    series = [event for event in candidates if event.repeats is not None]
    if len(series) != 1:
        raise RequiresUserInput(
            f"I found {len(series)} recurring design crits. Which one is it?"
        )
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    sessions = [
        occurrence
        for occurrence in get_event_instances(series[0])
        if next_week.start <= occurrence.starts_at.date() <= next_week.end
    ]
    if len(sessions) != 1:
        raise RequiresUserInput(
            f"The design crit has {len(sessions)} sessions next week. "
            "Which one should I skip?"
        )
    delete_event(sessions[0])


#OK:
def setup_env_skip_next_weeks_design_crit():
    """World in which the user asks:

    Hey, [Assistant], skip next week's session of my weekly design crit, but keep the rest of the series as it is.

    A weekly "Design crit" series with Greta and Hamish runs on Wednesdays
    from 3 to 4 PM; it began last Wednesday (2024-06-19) and ends on
    2024-08-28. Next week's session is on 2024-07-03. Distractors: a
    one-off "Design crit prep" block on the same Wednesday and a one-off
    design crit with Bastian tomorrow.
    """

    import datetime

    simulate_org_structure(["Greta", "Hamish", "Bastian"])
    greta = find_employee("Greta")[0]
    hamish = find_employee("Hamish")[0]
    bastian = find_employee("Bastian")[0]

    last_wednesday = get_prev_dow("Wednesday")
    next_wednesday = get_next_dow("Wednesday", after=get_next_dow("Sunday"))
    tomorrow = now_().date() + datetime.timedelta(days=1)
    crit = combine(last_wednesday, time_by_hm(3, 0, "pm"))
    prep = combine(next_wednesday, time_by_hm(2, 0, "pm"))
    one_off = combine(tomorrow, time_by_hm(11, 0, "am"))
    simulate_user_calendar(
        [
            Event(
                attendees=[greta, hamish],
                subject="Design crit",
                starts_at=crit,
                ends_at=crit + datetime.timedelta(hours=1),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY,
                    recurs_until=date_by_mdy(month=8, day=28),
                ),
            ),
            Event(
                subject="Design crit prep",
                starts_at=prep,
                ends_at=prep + datetime.timedelta(minutes=30),
            ),
            Event(
                attendees=[bastian],
                subject="Design crit",
                starts_at=one_off,
                ends_at=one_off + datetime.timedelta(minutes=45),
            ),
        ]
    )


def evaluate_skip_next_weeks_design_crit(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], skip next week's session of my weekly design crit, but keep the rest of the series as it is.

    The weekly design crit must keep its first start, length and attendees
    and every occurrence except the one of Wednesday 2024-07-03 at 15:00,
    which must be gone (deleting that occurrence or excluding it from the
    series are both fine). Every other event stays as it was.
    """

    def snapshot():
        events = find_past_events() + find_events()
        singles = [e for e in events if e.repeats is None]
        series = [e for e in events if e.repeats is not None]
        return singles, series

    setup_function()
    singles_before, [series_before] = snapshot()
    starts_before = [i.starts_at for i in get_event_instances(series_before)]
    skipped = combine(date_by_mdy(month=7, day=3), time_by_hm(3, 0, "pm"))

    _ = executable()

    singles_after, series_after = snapshot()
    if singles_after != singles_before:
        raise SolutionError("a meeting outside the series was added or changed")
    if len(series_after) != 1:
        raise SolutionError(
            f"expected one design crit series, found {len(series_after)}"
        )
    series = series_after[0]
    if (
        series.starts_at != series_before.starts_at
        or series.ends_at != series_before.ends_at
        or series.attendees != series_before.attendees
        or series.subject != series_before.subject
    ):
        raise SolutionError("the design crit series itself was changed")
    starts_after = sorted(i.starts_at for i in get_event_instances(series))
    expected = [s for s in starts_before if s != skipped]
    if starts_after != expected:
        missing = [str(s) for s in expected if s not in starts_after]
        extra = [str(s) for s in starts_after if s not in expected]
        raise SolutionError(
            f"only the 2024-07-03 15:00 session should go; missing {missing}, "
            f"still there or new {extra}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_skip_next_weeks_design_crit(
            query="",
            executable=skip_next_weeks_design_crit,
            setup_function=setup_env_skip_next_weeks_design_crit,
        )
