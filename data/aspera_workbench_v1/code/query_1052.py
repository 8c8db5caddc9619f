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
# Hey, [Assistant], find a 30-minute slot tomorrow afternoon when Lucan is free and book a catch-up with him.
# Tags: handback, shared_calendar, availability, relative_dates
def catch_up_with_lucan_tomorrow_afternoon():
    """Book a 30-minute catch-up with Lucan in the first free half hour of
    his calendar tomorrow afternoon, after making sure the name identifies
    a single colleague."""

    candidates = find_employee("Lucan")
    if len(candidates) != 1:
        raise RequiresUserInput(
            "More than one colleague is called Lucan (or nobody is). "
            "Which Lucan did you mean?"
        )
    lucan = candidates[0]
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    his_day = [
        event
        for event in get_calendar(lucan)
        if event.starts_at is not None
        and event.ends_at is not None
        and event.starts_at.date() <= tomorrow <= event.ends_at.date()
    ]
    afternoon = combine(tomorrow, time_by_hm(12, 0, "pm"))
    half_hour = datetime.timedelta(minutes=30)
    for slot in find_available_slots(
        his_day, get_search_settings("work"), tomorrow
    ):
        start = max(slot.start, afternoon)
        if start + half_hour <= slot.end:
            add_event(
                Event(
                    attendees=[lucan],
                    subject="Catch-up",
                    starts_at=start,
                    ends_at=start + half_hour,
                )
            )
            return
    raise RequiresUserInput("Lucan has no free half hour tomorrow afternoon.")


# OK:
def setup_env_catch_up_with_lucan_tomorrow_afternoon():
    """World in which the user asks:

    Hey, [Assistant], find a 30-minute slot tomorrow afternoon when Lucan is free and book a catch-up with him.

    Two colleagues are called Lucan (Lucan Ferreira and Lucan Haldane); both
    have calendars with free time tomorrow afternoon, at different times, so
    the program has to ask which Lucan is meant.
    """

    import datetime

    simulate_org_structure(["Lucan Ferreira", "Lucan Haldane", "Griselda"])
    ferreira = find_employee("Lucan Ferreira")[0]
    haldane = find_employee("Lucan Haldane")[0]
    griselda = find_employee("Griselda")[0]

    tomorrow = now_().date() + datetime.timedelta(days=1)

    def meeting(people, hour, minutes, subject):
        start = combine(tomorrow, datetime.time(hour, 0))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_employee_calendar(
        ferreira, [meeting([griselda], 12, 120, "Onboarding workshop")]
    )
    simulate_employee_calendar(
        haldane,
        [
            meeting([griselda], 12, 60, "Release train"),
            meeting([griselda], 14, 60, "Capacity review"),
        ],
    )


def evaluate_catch_up_with_lucan_tomorrow_afternoon(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], find a 30-minute slot tomorrow afternoon when Lucan is free and book a catch-up with him.

    Two colleagues are called Lucan, so the program must raise
    `RequiresUserInput`, without having changed the calendar.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `catch_up_with_lucan_tomorrow_afternoon`.
    setup_function
        `setup_env_catch_up_with_lucan_tomorrow_afternoon`, which builds the
        world."""

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
            "two colleagues are called Lucan: expected RequiresUserInput, but "
            "the program finished without asking"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_catch_up_with_lucan_tomorrow_afternoon(
            query="",
            executable=catch_up_with_lucan_tomorrow_afternoon,
            setup_function=setup_env_catch_up_with_lucan_tomorrow_afternoon,
        )
