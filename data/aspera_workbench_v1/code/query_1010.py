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
# Hey, [Assistant], how many meetings do I have from Monday to Friday of the last full week of July?
# Tags: information, relative_dates, recurring, loop
# Apps: no room_booking
def count_meetings_last_full_week_of_july() -> int:
    """Count the meetings, occurrences of recurring series included, between
    Monday and Friday of the last Monday-to-Sunday week lying wholly in
    July."""

    july = parse_durations_to_date_interval(DateRanges["NextMonth"])
    # the last Sunday of July closes the last full week
    sunday = july.end
    while sunday.weekday() != 6:
        sunday = sunday - datetime.timedelta(days=1)
    monday = sunday - datetime.timedelta(days=6)
    friday = monday + datetime.timedelta(days=4)
    count = 0
    # a series that started in the past is listed among the past events,
    # but its later occurrences may still fall in the week
    for event in find_past_events() + find_events():
        if event.repeats is None:
            occurrences = [event]
        else:
            occurrences = get_event_instances(event)
        for occurrence in occurrences:
            if monday <= occurrence.starts_at.date() <= friday:
                count += 1
    return count


#OK:
def setup_env_count_meetings_last_full_week_of_july():
    """World in which the user asks:

    Hey, [Assistant], how many meetings do I have from Monday to Friday of the last full week of July?

    The last full week of July 2024 runs from Monday 22 to Sunday 28. On its
    weekdays the user has three one-off meetings (22, 24 and 26 July), one
    occurrence of a weekly Wednesday series that starts next week (24 July)
    and one occurrence of a weekly Tuesday series that started last week
    (23 July): five meetings. Distractors: meetings on Friday 19 July,
    Saturday 27 July and 29 to 31 July.
    """

    import datetime

    simulate_org_structure(["Hamish", "Greta", "Ximena"])
    hamish = find_employee("Hamish")[0]
    greta = find_employee("Greta")[0]
    ximena = find_employee("Ximena")[0]

    def july(day):
        return date_by_mdy(month=7, day=day, year=2024)

    plan = [
        ([hamish], july(22), time_by_hm(10, 0, "am"), 30, "Pricing review"),
        ([greta], july(24), time_by_hm(2, 0, "pm"), 60, "Partner call"),
        ([ximena], july(26), time_by_hm(9, 30, "am"), 30, "Interview debrief"),
        ([hamish], july(19), time_by_hm(10, 0, "am"), 30, "Pricing prep"),
        ([greta], july(27), time_by_hm(11, 0, "am"), 60, "Hackathon"),
        ([ximena], july(29), time_by_hm(10, 0, "am"), 30, "Month close"),
        ([greta], july(30), time_by_hm(11, 0, "am"), 30, "Vendor demo"),
        ([hamish], july(31), time_by_hm(3, 0, "pm"), 30, "Month close"),
    ]
    events = []
    for people, day, at, minutes, subject in plan:
        start = combine(day, at)
        events.append(
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
        )
    # a weekly series on Wednesdays from 3 July, without an end
    team_sync = combine(july(3), time_by_hm(10, 0, "am"))
    events.append(
        Event(
            attendees=[hamish, greta],
            subject="Team sync",
            starts_at=team_sync,
            ends_at=team_sync + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY),
        )
    )
    # a weekly series on Tuesdays that began last week
    office_hours = combine(
        now_().date() - datetime.timedelta(days=7), time_by_hm(3, 0, "pm")
    )
    events.append(
        Event(
            attendees=[ximena],
            subject="Office hours",
            starts_at=office_hours,
            ends_at=office_hours + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY),
        )
    )
    simulate_user_calendar(events)


def evaluate_count_meetings_last_full_week_of_july(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], how many meetings do I have from Monday to Friday of the last full week of July?

    The answer must be 5 (three one-off meetings plus one occurrence of each
    weekly series between 22 and 26 July 2024) and the calendar must not
    change.
    """

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if isinstance(answer, bool) or not isinstance(answer, (int, float)):
        raise SolutionError(f"expected a number, got {answer!r}")
    if answer != 5:
        raise SolutionError(f"expected 5 meetings, got {answer}")
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError("the calendar was changed")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_count_meetings_last_full_week_of_july(
            query="",
            executable=count_meetings_last_full_week_of_july,
            setup_function=setup_env_count_meetings_last_full_week_of_july,
        )
