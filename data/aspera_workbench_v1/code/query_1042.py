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
# Hey, [Assistant], book a 1-hour lunch with Ysolde at 12:30 PM on the first weekday next week when she isn't on holiday.
# Tags: handback, action, vacation, relative_dates, loop, conditional
# Apps: no room_booking
def lunch_with_ysolde_next_week():
    """Book a 12:30-13:30 lunch with Ysolde on the first weekday of next week
    that she is not on holiday; ask the user if there is no such day."""

    ysolde = find_employee("Ysolde")[0]
    holidays = get_vacation_schedule(ysolde) or []
    next_week = parse_duration_to_calendar("NextWeek")[0]
    for day in next_week[:5]:
        lunch = TimeInterval(
            start=combine(day, time_by_hm(12, 30, "pm")),
            end=combine(day, time_by_hm(1, 30, "pm")),
        )
        if any(intervals_overlap(lunch, holiday) for holiday in holidays):
            continue
        add_event(
            Event(
                attendees=[ysolde],
                subject="Lunch with Ysolde",
                starts_at=lunch.start,
                ends_at=lunch.end,
            )
        )
        return
    raise RequiresUserInput(
        "Ysolde is on holiday every weekday next week. "
        "Should I look at another week?"
    )


# OK:
def setup_env_lunch_with_ysolde_next_week():
    """World in which the user asks:

    Hey, [Assistant], book a 1-hour lunch with Ysolde at 12:30 PM on the first weekday next week when she isn't on holiday.

    Ysolde is on holiday from this Saturday until the Sunday at the end of
    next week, so no weekday next week qualifies and the program must ask.
    She is back the Monday after. The user's calendar holds an unrelated
    lunch next Tuesday.
    """

    import datetime

    simulate_org_structure(["Ysolde", "Hamish", "Kerensa"])
    ysolde = find_employee("Ysolde")[0]
    hamish = find_employee("Hamish")[0]

    saturday = get_next_dow("Saturday")
    next_sunday = saturday + datetime.timedelta(days=8)
    simulate_vacation_schedule(
        ysolde,
        [
            TimeInterval(
                start=combine(saturday, datetime.time(0, 0)),
                end=combine(next_sunday, datetime.time(23, 59)),
            )
        ],
    )
    next_tuesday = get_next_dow("Tuesday")
    start = combine(next_tuesday, time_by_hm(12, 30, "pm"))
    simulate_user_calendar(
        [
            Event(
                attendees=[hamish],
                subject="Lunch",
                starts_at=start,
                ends_at=start + datetime.timedelta(hours=1),
            )
        ]
    )


# OK:
def setup_env_lunch_with_ysolde_next_week():
    """World in which the user asks:

    Hey, [Assistant], book a 1-hour lunch with Ysolde at 12:30 PM on the first weekday next week when she isn't on holiday.

    The contrasting world: Ysolde is on holiday from this Saturday until
    next Tuesday, so the lunch goes on Wednesday 2024-07-03 from 12:30 to
    13:30. The user's calendar holds an unrelated lunch next Tuesday.
    """

    import datetime

    simulate_org_structure(["Ysolde", "Hamish", "Kerensa"])
    ysolde = find_employee("Ysolde")[0]
    hamish = find_employee("Hamish")[0]

    saturday = get_next_dow("Saturday")
    next_tuesday = saturday + datetime.timedelta(days=3)
    simulate_vacation_schedule(
        ysolde,
        [
            TimeInterval(
                start=combine(saturday, datetime.time(0, 0)),
                end=combine(next_tuesday, datetime.time(23, 59)),
            )
        ],
    )
    start = combine(next_tuesday, time_by_hm(12, 30, "pm"))
    simulate_user_calendar(
        [
            Event(
                attendees=[hamish],
                subject="Lunch",
                starts_at=start,
                ends_at=start + datetime.timedelta(hours=1),
            )
        ]
    )


def evaluate_lunch_with_ysolde_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book a 1-hour lunch with Ysolde at 12:30 PM on the first weekday next week when she isn't on holiday.

    Ysolde is on holiday for the whole of next week, so the program must
    raise `RequiresUserInput` and must not have changed the calendar before
    doing so.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `lunch_with_ysolde_next_week`.
    setup_function
        `setup_env_lunch_with_ysolde_next_week`, which builds the world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    try:
        _ = executable()
    except RequiresUserInput:
        if (
            find_events() != upcoming_before
            or find_past_events() != past_before
        ):
            raise SolutionError(
                "the calendar was changed before asking the user for input"
            )
    else:
        raise SolutionError(
            "Ysolde is on holiday every weekday next week: expected "
            "RequiresUserInput, but the program finished without asking"
        )


def evaluate_lunch_with_ysolde_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book a 1-hour lunch with Ysolde at 12:30 PM on the first weekday next week when she isn't on holiday.

    Contrasting world: Ysolde is back on Wednesday, so exactly one event
    must be added, on 2024-07-03 from 12:30 to 13:30, with Ysolde as the
    only attendee (the user may be listed too). Nothing else may change.
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
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(added) != 1:
        raise SolutionError(f"expected one new event, found {len(added)}")
    lunch = added[0]
    start = datetime.datetime(2024, 7, 3, 12, 30)
    end = start + datetime.timedelta(hours=1)
    if lunch.starts_at != start or lunch.ends_at != end:
        raise SolutionError(
            "expected the lunch on 2024-07-03 from 12:30 to 13:30 (Ysolde is "
            f"off until Tuesday), found {lunch.starts_at} to {lunch.ends_at}"
        )
    me = get_current_user()
    if [p for p in lunch.attendees or [] if p != me] != find_employee("Ysolde"):
        raise SolutionError(
            "expected Ysolde as the only attendee, found "
            + ", ".join(p.name for p in lunch.attendees or [])
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_lunch_with_ysolde_next_week(
            query="",
            executable=lunch_with_ysolde_next_week,
            setup_function=setup_env_lunch_with_ysolde_next_week,
        )
