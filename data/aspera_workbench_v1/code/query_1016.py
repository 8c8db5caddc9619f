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
# Hey, [Assistant], on each of the next five working days, starting tomorrow, add a 30-minute lunch break at 12:30 PM, except on days when something is already booked at that time.
# Tags: action, loop, conditional, availability, recurring, relative_dates
# Apps: no room_booking
def lunch_breaks_next_five_working_days():
    """Add a 12:30-13:00 lunch break on each of the five working days after
    today whose lunch slot is free."""

    # every stored meeting, with recurring series expanded into occurrences
    busy = []
    for event in find_past_events() + find_events():
        if event.repeats is None:
            busy.append(event)
        else:
            busy += get_event_instances(event)
    day = parse_date_string(DateExpressions["Tomorrow"])
    working_days = 0
    while working_days < 5:
        if day.weekday() < 5:
            working_days += 1
            starts_at = combine(day, time_by_hm(12, 30, "pm"))
            ends_at = modify(
                starts_at,
                Duration(30, TimeUnits.Minutes),
                operator=DateTimeClauseOperators.add,
            )
            slot = TimeInterval(start=starts_at, end=ends_at)
            taken = False
            for event in busy:
                booked = TimeInterval(start=event.starts_at, end=event.ends_at)
                if intervals_overlap(slot, booked):
                    taken = True
                    break
            if not taken:
                add_event(
                    Event(
                        subject="Lunch break",
                        starts_at=starts_at,
                        ends_at=ends_at,
                    )
                )
        day = day + datetime.timedelta(days=1)


#OK:
def setup_env_lunch_breaks_next_five_working_days():
    """World in which the user asks:

    Hey, [Assistant], on each of the next five working days, starting tomorrow, add a 30-minute lunch break at 12:30 PM, except on days when something is already booked at that time.

    The five working days are Wed 26, Thu 27, Fri 28 June, Mon 1 and Tue
    2 July. The lunch slot is taken on Thursday (team lunch 12:00-13:00),
    Monday (vendor call 12:45-13:15) and Tuesday 2 July (an occurrence of a
    fortnightly series that began on 18 June, 12:15-12:45). Wednesday and
    Friday only have meetings outside the slot. Today and Wednesday 3 July
    are free at lunchtime but outside the requested days.
    """

    import datetime

    simulate_org_structure(["Greta", "Hamish", "Priya"])
    greta = find_employee("Greta")[0]
    hamish = find_employee("Hamish")[0]
    priya = find_employee("Priya")[0]

    def on(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    plan = [
        ([priya], on(6, 26, 13, 30), 30, "Roadmap questions"),
        ([greta, hamish], on(6, 27, 12, 0), 60, "Team lunch"),
        ([hamish], on(6, 28, 11, 0), 60, "Incident review"),
        ([priya], on(7, 1, 12, 45), 30, "Vendor call"),
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
    circle = on(6, 18, 12, 15)
    events.append(
        Event(
            attendees=[greta, priya],
            subject="Mentoring circle",
            starts_at=circle,
            ends_at=circle + datetime.timedelta(minutes=30),
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, period=2, max_repetitions=6
            ),
        )
    )
    simulate_user_calendar(events)


def evaluate_lunch_breaks_next_five_working_days(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], on each of the next five working days, starting tomorrow, add a 30-minute lunch break at 12:30 PM, except on days when something is already booked at that time.

    Exactly two lunch breaks must be added, 12:30-13:00 on 2024-06-26 and
    2024-06-28, without colleagues (the user may be listed); nothing else
    may change.
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
    expected = [
        datetime.datetime(2024, 6, 26, 12, 30),
        datetime.datetime(2024, 6, 28, 12, 30),
    ]
    starts = sorted(e.starts_at for e in added)
    if starts != expected:
        raise SolutionError(
            "expected lunch breaks at 12:30 on 2024-06-26 and 2024-06-28 only, "
            f"found {[str(s) for s in starts]}"
        )
    user = get_current_user()
    for event in added:
        if event.ends_at - event.starts_at != datetime.timedelta(minutes=30):
            raise SolutionError(
                f"expected 30-minute breaks, found {event.duration.number} min"
            )
        if [p for p in event.attendees or [] if p != user]:
            raise SolutionError("a lunch break should not invite colleagues")
        if event.repeats is not None:
            raise SolutionError("a lunch break should not repeat")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_lunch_breaks_next_five_working_days(
            query="",
            executable=lunch_breaks_next_five_working_days,
            setup_function=setup_env_lunch_breaks_next_five_working_days,
        )
