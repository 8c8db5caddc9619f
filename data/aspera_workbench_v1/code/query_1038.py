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
# Hey, [Assistant], set up a 30-minute skip-level meeting with my manager's manager on Wednesday next week at 11 AM.
# Tags: action, org_structure, relative_dates
def skip_level_with_managers_manager():
    """Book a 30-minute meeting with the manager of the user's manager at
    11 AM on the Wednesday of next week."""

    manager = find_manager_of(get_current_user())
    skip_level = find_manager_of(manager) if manager is not None else None
    if skip_level is None:
        raise RequiresUserInput("Your manager has no manager in the directory.")
    next_week = parse_duration_to_calendar("NextWeek")[0]
    wednesday = next_week[2]
    starts_at = combine(wednesday, time_by_hm(11, 0, "am"))
    ends_at = modify(
        starts_at,
        Duration(30, TimeUnits.Minutes),
        operator=DateTimeClauseOperators.add,
    )
    add_event(
        Event(
            attendees=[skip_level],
            subject="Skip-level meeting",
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


# OK:
def setup_env_skip_level_with_managers_manager():
    """World in which the user asks:

    Hey, [Assistant], set up a 30-minute skip-level meeting with my manager's manager on Wednesday next week at 11 AM.

    The user is a team member in Sales & Marketing, whose manager reports to
    the COO. Distractors: a one-to-one with the user's manager next
    Wednesday at 10 AM and a meeting with the CEO this Wednesday (tomorrow).
    """

    import datetime

    simulate_org_structure(
        ["Evander", "Griselda", "Teodor"], user_team=Team.SalesMarketing
    )
    manager = find_manager_of(get_current_user())
    ceo = [
        p for p in get_all_employees() if get_employee_profile(p).role == "CEO"
    ][0]

    next_wednesday = get_next_dow("Monday") + datetime.timedelta(days=2)
    tomorrow = now_().date() + datetime.timedelta(days=1)
    plan = [
        (manager, next_wednesday, time_by_hm(10, 0, "am"), 30, "One-to-one"),
        (ceo, tomorrow, time_by_hm(11, 0, "am"), 30, "Town hall prep"),
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


def evaluate_skip_level_with_managers_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a 30-minute skip-level meeting with my manager's manager on Wednesday next week at 11 AM.

    Exactly one event must be added: 11:00 to 11:30 on Wednesday 2024-07-03,
    with the manager of the user's manager (the COO) as the only attendee
    (the user may be listed too). Nothing else may change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `skip_level_with_managers_manager`.
    setup_function
        `setup_env_skip_level_with_managers_manager`, which builds the world."""

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

    skip_level = find_manager_of(find_manager_of(get_current_user()))
    expected_start = combine(datetime.date(2024, 7, 3), time_by_hm(11, 0, "am"))
    if meeting.starts_at != expected_start:
        raise SolutionError(
            f"expected the meeting to start at {expected_start}, "
            f"got {meeting.starts_at}"
        )
    if meeting.ends_at - meeting.starts_at != datetime.timedelta(minutes=30):
        raise SolutionError("expected a 30-minute meeting")
    # the user may be listed among the attendees or not
    me = get_current_user()
    if [p for p in meeting.attendees or [] if p != me] != [skip_level]:
        raise SolutionError(
            f"expected {skip_level.name} (the manager's manager) as the only "
            "attendee, got "
            + ", ".join(p.name for p in meeting.attendees or [])
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_skip_level_with_managers_manager(
            query="",
            executable=skip_level_with_managers_manager,
            setup_function=setup_env_skip_level_with_managers_manager,
        )
