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


# OK:
# Hey, [Assistant], book a 45-minute meeting with Corentin tomorrow at the earliest time during working hours when both of us are free.
# Tags: action, availability, shared_calendar, relative_dates
def earliest_common_slot_with_corentin():
    """Find tomorrow's earliest 45-minute gap that is free in both the
    user's and Corentin's calendars, within working hours, and book a
    meeting with Corentin there."""

    corentin = find_employee("Corentin")[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    busy = []
    for event in find_events() + get_calendar(corentin):
        if event.starts_at is None or event.ends_at is None:
            continue
        if event.starts_at.date() <= tomorrow <= event.ends_at.date():
            busy.append(event)
    slots = find_available_slots(busy, get_search_settings("work"), tomorrow)
    length = Duration(45, TimeUnits.Minutes)
    for slot in slots:
        ends_at = modify(
            slot.start, length, operator=DateTimeClauseOperators.add
        )
        if ends_at <= slot.end:
            add_event(
                Event(
                    attendees=[corentin],
                    subject="Meeting with Corentin",
                    starts_at=slot.start,
                    ends_at=ends_at,
                )
            )
            return
    raise RequiresUserInput(
        "You and Corentin have no common 45-minute gap tomorrow."
    )


# OK:
def setup_env_earliest_common_slot_with_corentin():
    """World in which the user asks:

    Hey, [Assistant], book a 45-minute meeting with Corentin tomorrow at the earliest time during working hours when both of us are free.

    Tomorrow the user is busy 9:00-10:00, 11:15-12:00 and 13:00-13:30;
    Corentin is busy 10:00-11:00, has a daily stand-up 12:00-12:30 (a series
    that began last week) and is busy 14:00-15:00. The gaps 11:00-11:15,
    12:30-13:00 and 13:30-14:00 are too short, so the meeting goes at
    15:00-15:45. Distractors: Corentin's meetings today and the day after
    tomorrow, a meeting with someone else in the user's calendar on
    Thursday at 3 PM, and a mentoring session with Corentin on Thursday.
    """

    import datetime

    simulate_org_structure(["Corentin", "Saoirse", "Wystan"])
    corentin = find_employee("Corentin")[0]
    saoirse = find_employee("Saoirse")[0]
    wystan = find_employee("Wystan")[0]
    me = get_current_user()

    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)
    day_after = today + datetime.timedelta(days=2)

    def meeting(people, day, hour, minute, minutes, subject, repeats=None):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
            repeats=repeats,
        )

    simulate_user_calendar(
        [
            meeting([saoirse], tomorrow, 9, 0, 60, "Quarterly goals"),
            meeting([wystan], tomorrow, 11, 15, 45, "Data migration"),
            meeting([saoirse, wystan], tomorrow, 13, 0, 30, "Lunch and learn"),
            meeting([saoirse], day_after, 15, 0, 45, "Offsite logistics"),
            meeting([corentin], day_after, 9, 30, 45, "Mentoring"),
        ]
    )
    stand_up_start = get_prev_dow("Monday") - datetime.timedelta(days=7)
    simulate_employee_calendar(
        corentin,
        [
            meeting([wystan], today, 15, 0, 60, "Incident review"),
            meeting([saoirse], tomorrow, 10, 0, 60, "Hiring loop"),
            meeting(
                [wystan, saoirse],
                stand_up_start,
                12,
                0,
                30,
                "Team stand-up",
                RepetitionSpec(
                    frequency=EventFrequency.DAILY,
                    which_weekday=[0, 1, 2, 3, 4],
                    max_repetitions=20,
                ),
            ),
            meeting([wystan], tomorrow, 14, 0, 60, "Architecture forum"),
            meeting([me], day_after, 9, 30, 45, "Mentoring"),
        ],
    )


def evaluate_earliest_common_slot_with_corentin(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book a 45-minute meeting with Corentin tomorrow at the earliest time during working hours when both of us are free.

    Exactly one event must be added: with Corentin alone (the user may be
    listed too), tomorrow from 15:00 to 15:45, the first 45-minute gap free
    in both calendars. Nothing else may change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `earliest_common_slot_with_corentin`.
    setup_function
        `setup_env_earliest_common_slot_with_corentin`, which builds the
        world."""

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before or any(
        e not in upcoming_after for e in upcoming_before
    ):
        raise SolutionError("existing events must not change")
    new_events = [e for e in upcoming_after if e not in upcoming_before]
    if len(new_events) != 1:
        raise SolutionError(f"expected one new event, found {len(new_events)}")
    meeting = new_events[0]
    corentin = find_employee("Corentin")[0]
    expected_start = combine(
        now_().date() + datetime.timedelta(days=1), time_by_hm(3, 0, "pm")
    )
    if meeting.starts_at != expected_start:
        raise SolutionError(
            f"expected the meeting at {expected_start} (first common 45-minute "
            f"gap), got {meeting.starts_at}"
        )
    if meeting.ends_at - meeting.starts_at != datetime.timedelta(minutes=45):
        raise SolutionError("expected a 45-minute meeting")
    # the user may be listed among the attendees or not
    me = get_current_user()
    if [p for p in meeting.attendees or [] if p != me] != [corentin]:
        raise SolutionError("expected Corentin as the only attendee")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_earliest_common_slot_with_corentin(
            query="",
            executable=earliest_common_slot_with_corentin,
            setup_function=setup_env_earliest_common_slot_with_corentin,
        )
