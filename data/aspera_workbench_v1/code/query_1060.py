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
# Hey, [Assistant], when does my earliest free hour this week start?
# Tags: information, availability, relative_dates
# Apps: no room_booking
def earliest_free_hour_this_week() -> datetime.datetime:
    """Return the start of the first gap of at least one hour in the user's
    working hours between now and the end of this working week."""

    now = now_()
    week = this_week_dates()
    settings = get_search_settings("work")
    slots = find_available_slots(find_events(), settings)
    for slot in sorted(slots, key=lambda s: s.start):
        day = slot.start.date()
        # only working days of this week count, and nothing before now
        if day not in week or day.weekday() > 4:
            continue
        start = max(slot.start, now)
        end = min(slot.end, combine(day, settings.latest_free_slot_finish))
        if end - start >= datetime.timedelta(hours=1):
            return start
    raise RequiresUserInput("You have no free hour left this week.")


#OK:
def setup_env_earliest_free_hour_this_week():
    """World in which the user asks:

    Hey, [Assistant], when does my earliest free hour this week start?

    Today's gaps are all shorter than an hour; tomorrow the gaps last 45,
    40 and then 60 minutes (14:00-15:00), so the answer is tomorrow at
    2 PM. Thursday morning is entirely free and yesterday (already past)
    had a free afternoon.
    """

    import datetime

    simulate_org_structure(["Fiorella", "Gaspard", "Hesper"])
    fiorella = find_employee("Fiorella")[0]
    gaspard = find_employee("Gaspard")[0]
    hesper = find_employee("Hesper")[0]

    today = now_().date()
    yesterday = today - datetime.timedelta(days=1)
    tomorrow = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

    def meeting(people, subject, day, hour, minute, minutes):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([gaspard], "Budget kickoff", yesterday, 9, 30, 90),
            meeting([hesper], "Ops review", today, 9, 30, 60),
            meeting([gaspard], "Data clinic", today, 10, 45, 75),
            meeting([fiorella], "Design review", today, 12, 30, 60),
            meeting([fiorella, gaspard], "Offsite planning", today, 13, 30, 90),
            meeting([hesper], "Release triage", today, 15, 20, 70),
            meeting([gaspard], "Interview debrief", today, 16, 30, 40),
            meeting([hesper], "Morning sync", tomorrow, 9, 0, 45),
            meeting([fiorella], "Forecast", tomorrow, 10, 30, 60),
            meeting([gaspard, hesper], "Partner call", tomorrow, 12, 10, 110),
            meeting([fiorella], "Training", tomorrow, 15, 0, 60),
            meeting([hesper], "Retro", tomorrow, 16, 0, 70),
            meeting([gaspard], "Hiring panel", thursday, 13, 0, 60),
        ]
    )


def evaluate_earliest_free_hour_this_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], when does my earliest free hour this week start?

    The answer must be tomorrow at 14:00 (a datetime; a time interval that
    starts then is accepted too) and the calendar must not change.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    expected = combine(
        now_().date() + datetime.timedelta(days=1), datetime.time(14, 0)
    )
    if isinstance(answer, TimeInterval):
        answer = answer.start
    if not isinstance(answer, datetime.datetime) or answer != expected:
        raise SolutionError(f"expected {expected}, got {answer!r}")
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError("the calendar changed while answering a question")


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_earliest_free_hour_this_week(
            query="",
            executable=earliest_free_hour_this_week,
            setup_function=setup_env_earliest_free_hour_this_week,
        )
