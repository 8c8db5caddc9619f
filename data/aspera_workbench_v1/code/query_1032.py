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
# Hey, [Assistant], when does the next meeting that Noemi is attending start? Give me the date and time.
# Tags: information
def next_meeting_with_noemi() -> datetime.datetime:
    """Return the start of the earliest upcoming meeting that has Noemi among
    its attendees."""

    noemi = find_employee("Noemi")[0]
    # upcoming events come back sorted by start time
    for event in find_events():
        if event.attendees and noemi in event.attendees:
            return event.starts_at
    raise RequiresUserInput("You have no upcoming meeting with Noemi.")


# OK:
def setup_env_next_meeting_with_noemi():
    """World in which the user asks:

    Hey, [Assistant], when does the next meeting that Noemi is attending start? Give me the date and time.

    The next meeting with Noemi is a group meeting tomorrow at 3 PM (Noemi and
    Jolyon). Distractors: a meeting with Noemi that began at 9:00 today and is
    therefore already under way, one yesterday, a one-to-one with her on
    Friday, and a meeting with Jolyon alone today at 11 AM.
    """

    import datetime

    simulate_org_structure(["Noemi", "Jolyon", "Tamsin"])
    noemi = find_employee("Noemi")[0]
    jolyon = find_employee("Jolyon")[0]

    today = now_().date()
    one_day = datetime.timedelta(days=1)
    friday = get_next_dow("Friday")
    plan = [
        (
            [noemi],
            today - one_day,
            time_by_hm(4, 0, "pm"),
            30,
            "Hiring debrief",
        ),
        ([noemi], today, time_by_hm(9, 0, "am"), 30, "Morning triage"),
        ([jolyon], today, time_by_hm(11, 0, "am"), 30, "Test plan"),
        (
            [noemi, jolyon],
            today + one_day,
            time_by_hm(3, 0, "pm"),
            60,
            "Roadmap",
        ),
        ([noemi], friday, time_by_hm(10, 0, "am"), 30, "One-to-one"),
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
    simulate_user_calendar(events)


def evaluate_next_meeting_with_noemi(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], when does the next meeting that Noemi is attending start? Give me the date and time.

    The program must return the datetime 2024-06-26 15:00 (tomorrow's group
    meeting with Noemi and Jolyon) and must not change the calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `next_meeting_with_noemi`.
    setup_function
        `setup_env_next_meeting_with_noemi`, which builds the world."""

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    expected = combine(
        now_().date() + datetime.timedelta(days=1), time_by_hm(3, 0, "pm")
    )
    if not isinstance(answer, datetime.datetime):
        raise SolutionError(
            f"expected a datetime (date and time), got {type(answer).__name__}"
        )
    if answer != expected:
        raise SolutionError(f"expected {expected}, got {answer}")
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
        evaluate_next_meeting_with_noemi(
            query="",
            executable=next_meeting_with_noemi,
            setup_function=setup_env_next_meeting_with_noemi,
        )
