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
# Hey, [Assistant], on every weekday from tomorrow through Friday next week that has fewer than three meetings, book a 1-hour focus block at 2 PM, or at 3 PM if 2 PM is taken.
# Tags: action, loop, conditional, availability, recurring, relative_dates
# Apps: no room_booking
def focus_blocks_until_next_friday():
    """On each weekday from tomorrow to Friday of next week with fewer than
    three meetings, book a one-hour focus block at 2 PM, or at 3 PM when
    2 PM is taken. Nothing is booked if a day has neither hour free."""

    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    next_week = parse_durations_to_date_interval(DateRanges["NextWeek"])
    last_day = next_week.start + datetime.timedelta(days=4)
    # every stored meeting, recurring series expanded into occurrences
    meetings = []
    for event in find_past_events() + find_events():
        if event.repeats is None:
            meetings.append(event)
        else:
            meetings += get_event_instances(event)

    plan = []
    day = tomorrow
    while day <= last_day:
        if day.weekday() < 5:
            todays = [m for m in meetings if m.starts_at.date() == day]
            if len(todays) < 3:
                chosen = None
                for hour in (2, 3):
                    start = combine(day, time_by_hm(hour, 0, "pm"))
                    slot = TimeInterval(
                        start=start, end=start + datetime.timedelta(hours=1)
                    )
                    free = True
                    for meeting in todays:
                        booked = TimeInterval(
                            start=meeting.starts_at, end=meeting.ends_at
                        )
                        if intervals_overlap(slot, booked):
                            free = False
                            break
                    if free:
                        chosen = slot
                        break
                if chosen is None:
                    raise RequiresUserInput(
                        f"Both 2 PM and 3 PM are taken on {day}. Which hour?"
                    )
                plan.append(chosen)
        day = day + datetime.timedelta(days=1)

    for slot in plan:
        add_event(
            Event(subject="Focus time", starts_at=slot.start, ends_at=slot.end)
        )


#OK:
def setup_env_focus_blocks_until_next_friday():
    """World in which the user asks:

    Hey, [Assistant], on every weekday from tomorrow through Friday next week that has fewer than three meetings, book a 1-hour focus block at 2 PM, or at 3 PM if 2 PM is taken.

    First world, days from Wed 26 June to Fri 5 July: Wed 26 has three
    meetings and Wed 3 four (both skipped); Thu 27 (14:00-14:30), Tue 2
    (an occurrence, 14:30-15:00, of a weekly series that began on 18 June)
    and Thu 4 (13:30-14:15) have 2 PM taken, so they get a 3 PM block;
    Fri 28, Mon 1 (two meetings, both before 2 PM) and Fri 5 get a 2 PM
    block.
    """

    import datetime

    simulate_org_structure(["Priya", "Anselm", "Greta"])
    priya = find_employee("Priya")[0]
    anselm = find_employee("Anselm")[0]
    greta = find_employee("Greta")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([priya], on(6, 26, 9, 30), 30, "Design sync"),
        ([anselm], on(6, 26, 11, 0), 30, "Support rota"),
        ([greta], on(6, 26, 16, 0), 30, "Hiring debrief"),
        ([priya], on(6, 27, 14, 0), 30, "Budget check"),
        ([anselm], on(7, 1, 10, 0), 30, "Release triage"),
        ([greta], on(7, 1, 13, 0), 30, "Lunch and learn"),
        ([priya], on(7, 3, 9, 30), 30, "Design sync"),
        ([anselm], on(7, 3, 11, 0), 30, "Support rota"),
        ([greta], on(7, 3, 13, 0), 30, "Offsite planning"),
        ([priya], on(7, 3, 16, 30), 30, "Metrics review"),
        ([anselm], on(7, 4, 10, 0), 30, "Release triage"),
        ([greta], on(7, 4, 13, 30), 45, "Onboarding"),
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
    weekly = on(6, 18, 14, 30)
    events.append(
        Event(
            attendees=[priya, greta],
            subject="Architecture forum",
            starts_at=weekly,
            ends_at=weekly + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=6
            ),
        )
    )
    simulate_user_calendar(events)


#OK:
def setup_env_focus_blocks_until_next_friday():
    """World in which the user asks:

    Hey, [Assistant], on every weekday from tomorrow through Friday next week that has fewer than three meetings, book a 1-hour focus block at 2 PM, or at 3 PM if 2 PM is taken.

    Second world: Thu 27, Mon 1 and Fri 5 have three or more meetings;
    Wed 26 (14:15-14:45) and Wed 3 (14:00-15:00) have 2 PM taken and get a
    3 PM block; Fri 28 (15:00-16:00 only), Tue 2 and Thu 4 get a 2 PM block.
    A Saturday meeting must not matter.
    """

    import datetime

    simulate_org_structure(["Priya", "Anselm", "Greta"])
    priya = find_employee("Priya")[0]
    anselm = find_employee("Anselm")[0]
    greta = find_employee("Greta")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([priya], on(6, 26, 10, 0), 30, "Design sync"),
        ([anselm], on(6, 26, 14, 15), 30, "Support rota"),
        ([greta], on(6, 27, 9, 30), 30, "Hiring debrief"),
        ([priya], on(6, 27, 11, 0), 30, "Budget check"),
        ([anselm], on(6, 27, 16, 0), 30, "Release triage"),
        ([greta], on(6, 28, 15, 0), 60, "Lunch and learn"),
        ([greta], on(6, 29, 14, 0), 60, "Charity run"),
        ([priya], on(7, 1, 9, 30), 30, "Design sync"),
        ([anselm], on(7, 1, 10, 30), 30, "Support rota"),
        ([greta], on(7, 1, 11, 30), 30, "Offsite planning"),
        ([priya], on(7, 1, 13, 0), 30, "Metrics review"),
        ([anselm], on(7, 1, 16, 0), 30, "Release triage"),
        ([greta], on(7, 3, 14, 0), 60, "Onboarding"),
        ([priya], on(7, 5, 9, 30), 30, "Design sync"),
        ([anselm], on(7, 5, 11, 0), 30, "Support rota"),
        ([greta], on(7, 5, 16, 0), 30, "Hiring debrief"),
    ]
    simulate_user_calendar(
        [
            Event(
                attendees=people,
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
            for people, start, minutes, subject in plan
        ]
    )


def evaluate_focus_blocks_until_next_friday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], on every weekday from tomorrow through Friday next week that has fewer than three meetings, book a 1-hour focus block at 2 PM, or at 3 PM if 2 PM is taken.

    First world: exactly six one-hour blocks without colleagues must be
    added, starting 2024-06-27 15:00, 06-28 14:00, 07-01 14:00, 07-02 15:00,
    07-04 15:00 and 07-05 14:00. Nothing else may change.
    """

    import datetime

    expected = [
        datetime.datetime(2024, 6, 27, 15, 0),
        datetime.datetime(2024, 6, 28, 14, 0),
        datetime.datetime(2024, 7, 1, 14, 0),
        datetime.datetime(2024, 7, 2, 15, 0),
        datetime.datetime(2024, 7, 4, 15, 0),
        datetime.datetime(2024, 7, 5, 14, 0),
    ]

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
    starts = sorted(e.starts_at for e in added)
    if starts != expected:
        missing = [str(s) for s in expected if s not in starts]
        extra = [str(s) for s in starts if s not in expected]
        raise SolutionError(
            f"focus blocks missing at {missing}, unexpected at {extra}"
        )
    user = get_current_user()
    for event in added:
        if event.ends_at - event.starts_at != datetime.timedelta(hours=1):
            raise SolutionError(
                f"expected one-hour blocks, found {event.duration.number} min"
            )
        if [p for p in event.attendees or [] if p != user]:
            raise SolutionError("a focus block should not invite colleagues")
        if event.repeats is not None:
            raise SolutionError("a focus block should not repeat")


def evaluate_focus_blocks_until_next_friday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], on every weekday from tomorrow through Friday next week that has fewer than three meetings, book a 1-hour focus block at 2 PM, or at 3 PM if 2 PM is taken.

    Second world: exactly five one-hour blocks without colleagues must be
    added, starting 2024-06-26 15:00, 06-28 14:00, 07-02 14:00, 07-03 15:00
    and 07-04 14:00. Nothing else may change.
    """

    import datetime

    expected = [
        datetime.datetime(2024, 6, 26, 15, 0),
        datetime.datetime(2024, 6, 28, 14, 0),
        datetime.datetime(2024, 7, 2, 14, 0),
        datetime.datetime(2024, 7, 3, 15, 0),
        datetime.datetime(2024, 7, 4, 14, 0),
    ]

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
    starts = sorted(e.starts_at for e in added)
    if starts != expected:
        missing = [str(s) for s in expected if s not in starts]
        extra = [str(s) for s in starts if s not in expected]
        raise SolutionError(
            f"focus blocks missing at {missing}, unexpected at {extra}"
        )
    user = get_current_user()
    for event in added:
        if event.ends_at - event.starts_at != datetime.timedelta(hours=1):
            raise SolutionError(
                f"expected one-hour blocks, found {event.duration.number} min"
            )
        if [p for p in event.attendees or [] if p != user]:
            raise SolutionError("a focus block should not invite colleagues")
        if event.repeats is not None:
            raise SolutionError("a focus block should not repeat")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_focus_blocks_until_next_friday(
            query="",
            executable=focus_blocks_until_next_friday,
            setup_function=setup_env_focus_blocks_until_next_friday,
        )
