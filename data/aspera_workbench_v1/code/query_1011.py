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
# Hey, [Assistant], clear my calendar on the last Friday of next month: cancel everything I have that day.
# Tags: action, delete, loop, recurring, relative_dates
# Apps: no room_booking
def clear_last_friday_of_next_month():
    """Cancel every meeting on the last Friday of next month; for recurring
    series only that day's occurrence is cancelled."""

    next_month = parse_durations_to_date_interval(DateRanges["NextMonth"])
    day = next_month.end
    while day.weekday() != 4:
        day = day - datetime.timedelta(days=1)
    # series are listed once, by their first occurrence, which may be past
    for event in find_past_events() + find_events():
        if event.repeats is None:
            if event.starts_at.date() == day:
                delete_event(event)
            continue
        for occurrence in get_event_instances(event):
            if occurrence.starts_at.date() == day:
                delete_event(occurrence)


#OK:
def setup_env_clear_last_friday_of_next_month():
    """World in which the user asks:

    Hey, [Assistant], clear my calendar on the last Friday of next month: cancel everything I have that day.

    The last Friday of July 2024 is the 26th. That day holds two one-off
    meetings, an occurrence of a weekly Friday series that starts next week
    and an occurrence of a weekly Friday series that began last week.
    Distractors: meetings on Thursday 25 July, Friday 19 July, Wednesday
    31 July (the last day of the month) and Friday 2 August.
    """

    import datetime

    simulate_org_structure(["Ophelia", "Bastian", "Wilhelmina"])
    ophelia = find_employee("Ophelia")[0]
    bastian = find_employee("Bastian")[0]
    wilhelmina = find_employee("Wilhelmina")[0]

    def day(month, number):
        return date_by_mdy(month=month, day=number, year=2024)

    plan = [
        ([ophelia], day(7, 26), time_by_hm(10, 0, "am"), 60, "Quarterly demo"),
        (
            [bastian, ophelia],
            day(7, 26),
            time_by_hm(12, 30, "pm"),
            60,
            "Lunch talk",
        ),
        ([ophelia], day(7, 25), time_by_hm(10, 0, "am"), 60, "Demo rehearsal"),
        ([bastian], day(7, 19), time_by_hm(10, 0, "am"), 30, "Pipeline review"),
        ([wilhelmina], day(7, 31), time_by_hm(3, 0, "pm"), 30, "Month close"),
        ([wilhelmina], day(8, 2), time_by_hm(11, 0, "am"), 30, "Budget check"),
    ]
    events = []
    for people, on, at, minutes, subject in plan:
        start = combine(on, at)
        events.append(
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
        )
    # Fridays from 5 July to 30 August
    wrap_up = combine(day(7, 5), time_by_hm(4, 0, "pm"))
    events.append(
        Event(
            attendees=[bastian, wilhelmina],
            subject="Friday wrap-up",
            starts_at=wrap_up,
            ends_at=wrap_up + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, recurs_until=day(8, 30)
            ),
        )
    )
    # ten Fridays from last week's
    ops_check = combine(day(6, 21), time_by_hm(9, 30, "am"))
    events.append(
        Event(
            attendees=[wilhelmina],
            subject="Ops check",
            starts_at=ops_check,
            ends_at=ops_check + datetime.timedelta(minutes=15),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=10
            ),
        )
    )
    simulate_user_calendar(events)


def evaluate_clear_last_friday_of_next_month(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], clear my calendar on the last Friday of next month: cancel everything I have that day.

    The two one-off meetings of Friday 2024-07-26 must be deleted and both
    weekly series must lose exactly their 26 July occurrence (by deleting
    the occurrence or by excluding it from the series) while keeping every
    other occurrence, their first start and their attendees. Every other
    event stays as it was.
    """

    import datetime

    def snapshot():
        events = find_past_events() + find_events()
        singles = [e for e in events if e.repeats is None]
        series = {}
        for event in events:
            if event.repeats is not None:
                starts = sorted(i.starts_at for i in get_event_instances(event))
                series.setdefault(event.subject, []).append((event, starts))
        return singles, series

    setup_function()
    singles_before, series_before = snapshot()
    cleared_day = date_by_mdy(month=7, day=26, year=2024)

    _ = executable()

    singles_after, series_after = snapshot()
    added = [e for e in singles_after if e not in singles_before]
    if added:
        raise SolutionError(f"expected no new events, found {len(added)}")
    expected_singles = [
        e for e in singles_before if e.starts_at.date() != cleared_day
    ]
    if singles_after != expected_singles:
        kept = [
            e.subject
            for e in singles_after
            if e.starts_at.date() == cleared_day
        ]
        if kept:
            raise SolutionError(f"meetings still on 2024-07-26: {kept}")
        raise SolutionError("a meeting on another day was deleted or changed")
    for subject, [(parent, starts)] in series_before.items():
        found = series_after.get(subject, [])
        if len(found) != 1:
            raise SolutionError(
                f"expected one series {subject!r}, found {len(found)}"
            )
        new_parent, new_starts = found[0]
        if (
            new_parent.starts_at != parent.starts_at
            or new_parent.ends_at != parent.ends_at
            or new_parent.attendees != parent.attendees
        ):
            raise SolutionError(f"the series {subject!r} was changed")
        expected = [s for s in starts if s.date() != cleared_day]
        if new_starts != expected:
            missing = [str(s) for s in expected if s not in new_starts]
            extra = [str(s) for s in new_starts if s not in expected]
            raise SolutionError(
                f"the series {subject!r} should lose only its 2024-07-26 "
                f"occurrence; missing {missing}, unexpected {extra}"
            )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_clear_last_friday_of_next_month(
            query="",
            executable=clear_last_friday_of_next_month,
            setup_function=setup_env_clear_last_friday_of_next_month,
        )
