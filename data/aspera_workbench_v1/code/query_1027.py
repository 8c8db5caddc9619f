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
# Hey, [Assistant], for every meeting I have with Magnus next week, add a 15-minute prep block right before it.
# Tags: action, loop, multi_step, recurring, relative_dates
# Apps: no room_booking
def prep_blocks_before_magnus_meetings():
    """Add a 15-minute block without attendees ending at the start of each
    meeting with Magnus next week, occurrences of recurring series
    included."""

    magnus = find_employee("Magnus")[0]
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    fifteen = Duration(15, TimeUnits.Minutes)
    meetings = []
    for event in find_past_events() + find_events():
        # a meeting "with Magnus" may have other attendees too
        if magnus not in (event.attendees or []):
            continue
        if event.repeats is None:
            meetings.append(event)
        else:
            meetings += get_event_instances(event)
    for meeting in meetings:
        if not next_week.start <= meeting.starts_at.date() <= next_week.end:
            continue
        add_event(
            Event(
                subject=f"Prep: {meeting.subject}",
                starts_at=modify(
                    meeting.starts_at,
                    fifteen,
                    operator=DateTimeClauseOperators.subtract,
                ),
                ends_at=meeting.starts_at,
            )
        )


#OK:
def setup_env_prep_blocks_before_magnus_meetings():
    """World in which the user asks:

    Hey, [Assistant], for every meeting I have with Magnus next week, add a 15-minute prep block right before it.

    Next week (1-7 July 2024) the user meets Magnus on Monday at 10:00,
    on Wednesday at 14:00 (with Odile too), on Thursday at 16:30 and on
    Friday at 11:30 (the last occurrence of a weekly series that began on
    21 June). Distractors: a meeting with Magnus this Friday, one on Monday
    8 July and a meeting with Odile alone next Tuesday.
    """

    import datetime

    simulate_org_structure(["Magnus", "Odile"])
    magnus = find_employee("Magnus")[0]
    odile = find_employee("Odile")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([magnus], on(7, 1, 10, 0), 30, "Quota review"),
        ([magnus, odile], on(7, 3, 14, 0), 60, "Pricing workshop"),
        ([magnus], on(7, 4, 16, 30), 30, "Contract review"),
        ([magnus], on(6, 28, 10, 0), 30, "Quota review"),
        ([magnus], on(7, 8, 10, 0), 30, "Quota review"),
        ([odile], on(7, 2, 9, 30), 30, "Pricing prep"),
    ]
    events = [
        Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )
        for people, start, minutes, subject in plan
    ]
    forecast = on(6, 21, 11, 30)
    events.append(
        Event(
            attendees=[magnus],
            subject="Forecast call",
            starts_at=forecast,
            ends_at=forecast + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=3
            ),
        )
    )
    simulate_user_calendar(events)


def evaluate_prep_blocks_before_magnus_meetings(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], for every meeting I have with Magnus next week, add a 15-minute prep block right before it.

    Exactly four 15-minute blocks without colleagues must be added, ending
    at 2024-07-01 10:00, 07-03 14:00, 07-04 16:30 and 07-05 11:30. Nothing
    else may change.
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
    expected_ends = [
        datetime.datetime(2024, 7, 1, 10, 0),
        datetime.datetime(2024, 7, 3, 14, 0),
        datetime.datetime(2024, 7, 4, 16, 30),
        datetime.datetime(2024, 7, 5, 11, 30),
    ]
    ends = sorted(e.ends_at for e in added)
    if ends != expected_ends:
        missing = [str(t) for t in expected_ends if t not in ends]
        extra = [str(t) for t in ends if t not in expected_ends]
        raise SolutionError(
            f"prep blocks should end at {[str(t) for t in expected_ends]}; "
            f"missing {missing}, unexpected {extra}"
        )
    user = get_current_user()
    for event in added:
        if event.ends_at - event.starts_at != datetime.timedelta(minutes=15):
            raise SolutionError(
                f"expected 15-minute blocks, found {event.duration.number} min"
            )
        if [p for p in event.attendees or [] if p != user]:
            raise SolutionError("a prep block should not invite colleagues")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_prep_blocks_before_magnus_meetings(
            query="",
            executable=prep_blocks_before_magnus_meetings,
            setup_function=setup_env_prep_blocks_before_magnus_meetings,
        )
