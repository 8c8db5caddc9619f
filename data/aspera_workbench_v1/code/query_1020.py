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
# Hey, [Assistant], which weekdays next week have no meetings at all in my calendar? Give me their dates.
# Tags: information, availability, loop, recurring, relative_dates
# Apps: no room_booking
def free_weekdays_next_week() -> list[datetime.date]:
    """Return the dates of next week's Monday-to-Friday days on which the
    user has no meeting, occurrences of recurring series included."""

    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    busy_days = set()
    for event in find_past_events() + find_events():
        if event.repeats is None:
            occurrences = [event]
        else:
            occurrences = get_event_instances(event)
        for occurrence in occurrences:
            busy_days.add(occurrence.starts_at.date())
    free = []
    day = next_week.start
    while day <= next_week.end:
        if day.weekday() < 5 and day not in busy_days:
            free.append(day)
        day = day + datetime.timedelta(days=1)
    return free


#OK:
def setup_env_free_weekdays_next_week():
    """World in which the user asks:

    Hey, [Assistant], which weekdays next week have no meetings at all in my calendar? Give me their dates.

    Next week runs from Monday 1 to Sunday 7 July 2024. Monday and
    Wednesday have one-off meetings; Thursday has an occurrence of a weekly
    series that began on 20 June. Tuesday 2 and Friday 5 July are free.
    Distractors: a meeting on Saturday 6 July, this Friday and on Tuesday
    9 July.
    """

    import datetime

    simulate_org_structure(["Isadora", "Magnus", "Odile"])
    isadora = find_employee("Isadora")[0]
    magnus = find_employee("Magnus")[0]
    odile = find_employee("Odile")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([magnus], on(7, 1, 10, 0), 30, "Pipeline check"),
        ([odile], on(7, 3, 14, 0), 60, "Office move"),
        ([odile], on(7, 6, 11, 0), 60, "Volunteering day"),
        ([magnus], on(6, 28, 15, 0), 30, "Pipeline check"),
        ([isadora], on(7, 9, 9, 30), 30, "Dashboard review"),
    ]
    events = []
    for people, start, minutes, subject in plan:
        events.append(
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
        )
    sync = on(6, 20, 10, 0)
    events.append(
        Event(
            attendees=[isadora],
            subject="Analytics sync",
            starts_at=sync,
            ends_at=sync + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=8
            ),
        )
    )
    simulate_user_calendar(events)


def evaluate_free_weekdays_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], which weekdays next week have no meetings at all in my calendar? Give me their dates.

    The program must return the dates 2024-07-02 and 2024-07-05 (as a list,
    tuple or set of dates, in any order; datetimes on those days are
    accepted too) and must not change the calendar.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if not isinstance(answer, (list, tuple, set)):
        raise SolutionError(f"expected a list of dates, got {answer!r}")
    days = []
    for item in answer:
        if isinstance(item, datetime.datetime):
            item = item.date()
        if not isinstance(item, datetime.date):
            raise SolutionError(f"expected dates, got {item!r}")
        days.append(item)
    expected = [datetime.date(2024, 7, 2), datetime.date(2024, 7, 5)]
    if sorted(set(days)) != expected:
        raise SolutionError(
            "expected 2024-07-02 and 2024-07-05, got "
            f"{[str(d) for d in sorted(set(days))]}"
        )
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError("the calendar was changed")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_free_weekdays_next_week(
            query="",
            executable=free_weekdays_next_week,
            setup_function=setup_env_free_weekdays_next_week,
        )
