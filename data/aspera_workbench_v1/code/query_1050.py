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


# OK:
# Hey, [Assistant], how many minutes of meetings does Marisol have in her calendar this Thursday?
# Tags: information, shared_calendar, relative_dates
# Apps: no room_booking
def marisol_meeting_minutes_thursday() -> int:
    """Add up the length, in minutes, of the events in Marisol's calendar on
    this Thursday."""

    marisol = find_employee("Marisol")[0]
    thursday = get_next_dow("Thursday")
    total = 0
    for event in get_calendar(marisol):
        if event.starts_at is None or event.ends_at is None:
            continue
        # a recurring series lists its parent and its instances; the parent
        # starts on the first day of the series, so each day is counted once
        if event.starts_at.date() == thursday:
            total += event.duration.number
    return int(total)


# OK:
def setup_env_marisol_meeting_minutes_thursday():
    """World in which the user asks:

    Hey, [Assistant], how many minutes of meetings does Marisol have in her calendar this Thursday?

    Marisol's calendar on Thursday 27 June: a 60-minute meeting with the user
    at 10 AM, a 30-minute meeting at 2 PM, and the Thursday occurrence of a
    daily 15-minute stand-up that started on Monday; 105 minutes in all.
    Distractors: her meetings on Wednesday, on Friday and next Thursday,
    and a meeting in the user's own calendar on Thursday without Marisol.
    """

    import datetime

    simulate_org_structure(["Marisol", "Desmond", "Kerensa"])
    marisol = find_employee("Marisol")[0]
    desmond = find_employee("Desmond")[0]
    kerensa = find_employee("Kerensa")[0]
    me = get_current_user()

    this_monday = get_prev_dow("Monday")
    thursday = get_next_dow("Thursday")

    def meeting(people, day, hour, minute, minutes, subject, repeats=None):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
            repeats=repeats,
        )

    simulate_employee_calendar(
        marisol,
        [
            meeting(
                [desmond, kerensa],
                this_monday,
                9,
                30,
                15,
                "Stand-up",
                RepetitionSpec(
                    frequency=EventFrequency.DAILY, max_repetitions=5
                ),
            ),
            meeting([me], thursday, 10, 0, 60, "Contract renewals"),
            meeting([desmond], thursday, 14, 0, 30, "Supplier scorecard"),
            meeting(
                [kerensa],
                thursday - datetime.timedelta(days=1),
                11,
                0,
                45,
                "Forecast",
            ),
            meeting(
                [kerensa],
                thursday + datetime.timedelta(days=1),
                14,
                0,
                60,
                "Retro",
            ),
            meeting(
                [desmond],
                thursday + datetime.timedelta(days=7),
                10,
                0,
                30,
                "Audit",
            ),
        ],
    )
    simulate_user_calendar(
        [
            meeting([marisol], thursday, 10, 0, 60, "Contract renewals"),
            meeting([kerensa], thursday, 16, 0, 45, "Roadmap"),
        ]
    )


def evaluate_marisol_meeting_minutes_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], how many minutes of meetings does Marisol have in her calendar this Thursday?

    The program must return 105 (60 + 30 + 15) as a number and must not
    change the user's calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `marisol_meeting_minutes_thursday`.
    setup_function
        `setup_env_marisol_meeting_minutes_thursday`, which builds the world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    if isinstance(answer, bool) or not isinstance(answer, (int, float)):
        raise SolutionError(f"expected a number of minutes, got {answer!r}")
    if answer != 105:
        raise SolutionError(
            "expected 105 minutes on Thursday "
            "(60 + 30 + the 15-minute stand-up), "
            f"got {answer}"
        )
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError(
            "answering the question must not change the calendar"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_marisol_meeting_minutes_thursday(
            query="",
            executable=marisol_meeting_minutes_thursday,
            setup_function=setup_env_marisol_meeting_minutes_thursday,
        )
