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
# Hey, [Assistant], set up a weekly 1-hour staff meeting with all my direct reports on Tuesdays at 2 PM, starting next week and running for six weeks.
# Tags: action, org_structure, recurring, relative_dates
# Apps: no room_booking
def weekly_staff_meeting_with_reports():
    """Create a weekly series of six 1-hour meetings with all of the user's
    direct reports, on Tuesdays at 2 PM from next week."""

    reports = find_reports_of(get_current_user())
    if not reports:
        raise RequiresUserInput("Nobody reports to you.")
    first_tuesday = get_next_dow("Monday") + datetime.timedelta(days=1)
    starts_at = combine(first_tuesday, time_by_hm(2, 0, "pm"))
    ends_at = modify(
        starts_at,
        Duration(1, TimeUnits.Hours),
        operator=DateTimeClauseOperators.add,
    )
    add_event(
        Event(
            attendees=reports,
            subject="Staff meeting",
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=RepetitionSpec(
                frequency=EventFrequency.WEEKLY, max_repetitions=6
            ),
        )
    )


# OK:
def setup_env_weekly_staff_meeting_with_reports():
    """World in which the user asks:

    Hey, [Assistant], set up a weekly 1-hour staff meeting with all my direct reports on Tuesdays at 2 PM, starting next week and running for six weeks.

    The user is the COO, whose direct reports are the managers of Sales &
    Marketing and of Engineering (the COO's assistant is not a report).
    Distractors: a meeting with the CEO next Tuesday at 10 AM and a meeting
    with one of the reports today at 2 PM.
    """

    import datetime

    simulate_org_structure(["Rosamund", "Jolyon", "Xanthe"], user_role="COO")
    me = get_current_user()
    ceo = find_manager_of(me)
    reports = find_reports_of(me)

    today = now_().date()
    next_tuesday = get_next_dow("Tuesday")
    plan = [
        (ceo, next_tuesday, time_by_hm(10, 0, "am"), 60, "Operating review"),
        (reports[0], today, time_by_hm(2, 0, "pm"), 60, "Hiring plan"),
    ]
    events = []
    for colleague, day, at, minutes, subject in plan:
        start = combine(day, at)
        events.append(
            Event(
                attendees=[colleague],
                subject=subject,
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=minutes),
            )
        )
    simulate_user_calendar(events)


def evaluate_weekly_staff_meeting_with_reports(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a weekly 1-hour staff meeting with all my direct reports on Tuesdays at 2 PM, starting next week and running for six weeks.

    The meetings must take place at 14:00-15:00 on the six Tuesdays from
    2024-07-02 to 2024-08-06, with exactly the COO's direct reports as
    attendees (the user may be listed too). Either one recurring event
    whose schedule gives those six dates, or six separate events, is
    accepted. Nothing else may change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `weekly_staff_meeting_with_reports`.
    setup_function
        `setup_env_weekly_staff_meeting_with_reports`, which builds the world.
    """

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
    if not new_events:
        raise SolutionError("no staff meeting was added")

    first = datetime.datetime(2024, 7, 2, 14, 0)
    expected_starts = [first + datetime.timedelta(weeks=k) for k in range(6)]
    # every occurrence, whether stored as a series or as single events
    starts = []
    for event in new_events:
        if event.repeats is None:
            starts.append(event.starts_at)
        else:
            starts += repetition_schedule(
                event.starts_at.time(), event.repeats, event.starts_at.date()
            )
    if sorted(starts) != expected_starts:
        raise SolutionError(
            "expected meetings on the six Tuesdays 2024-07-02 to 2024-08-06 at "
            f"14:00, got {[str(s) for s in sorted(starts)]}"
        )
    reports = sorted(p.employee_id for p in find_reports_of(get_current_user()))
    for event in new_events:
        if event.ends_at - event.starts_at != datetime.timedelta(hours=1):
            raise SolutionError("each staff meeting must last one hour")
        # the user may be listed among the attendees or not
        others = [p for p in event.attendees or [] if p != get_current_user()]
        if sorted(p.employee_id for p in others) != reports:
            raise SolutionError(
                "the attendees must be exactly the user's direct reports, got "
                + ", ".join(p.name for p in event.attendees or [])
            )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_weekly_staff_meeting_with_reports(
            query="",
            executable=weekly_staff_meeting_with_reports,
            setup_function=setup_env_weekly_staff_meeting_with_reports,
        )
