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
# Tags: handback, action, conditional, shared_calendar, availability, relative_dates
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


# OK:
def setup_env_catch_up_with_lucan_tomorrow_afternoon():
    """World in which the user asks:

    Hey, [Assistant], find a 30-minute slot tomorrow afternoon when Lucan is free and book a catch-up with him.

    The contrasting world: one colleague is called Lucan. Tomorrow
    afternoon he is busy 12:00-13:00, 13:30-15:00 and 15:30-16:45, so his
    free half hours of the afternoon within working hours are 13:00-13:30
    and 15:00-15:30 (the second also for a program that takes the
    afternoon to start at 14:19, as the library's TimeExpressions does);
    his morning is free. The user is busy only tomorrow morning.
    """

    import datetime

    simulate_org_structure(["Lucan Haldane", "Griselda", "Wystan"])
    lucan = find_employee("Lucan")[0]
    griselda = find_employee("Griselda")[0]
    wystan = find_employee("Wystan")[0]

    tomorrow = now_().date() + datetime.timedelta(days=1)

    def meeting(people, hour, minute, minutes, subject):
        start = combine(tomorrow, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_employee_calendar(
        lucan,
        [
            meeting([griselda], 12, 0, 60, "Release train"),
            meeting([griselda], 13, 30, 90, "Capacity review"),
            meeting([wystan], 15, 30, 75, "Onboarding workshop"),
        ],
    )
    simulate_user_calendar([meeting([wystan], 10, 0, 60, "Roadmap sync")])


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


def evaluate_catch_up_with_lucan_tomorrow_afternoon(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], find a 30-minute slot tomorrow afternoon when Lucan is free and book a catch-up with him.

    Contrasting world: exactly one event must be added, 30 minutes long,
    tomorrow (2024-06-26) in the afternoon (from 12:00) and within working
    hours (until 17:10), at a time when neither Lucan nor the user has a
    meeting (13:00-13:30 and 15:00-15:30 qualify), with Lucan as the only
    attendee (the user may be listed too). Nothing else may change.
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
    catch_up = added[0]
    lucan = find_employee("Lucan")[0]
    if catch_up.ends_at - catch_up.starts_at != datetime.timedelta(minutes=30):
        raise SolutionError("the catch-up must last 30 minutes")
    if catch_up.starts_at < datetime.datetime(
        2024, 6, 26, 12, 0
    ) or catch_up.ends_at > datetime.datetime(2024, 6, 26, 17, 10):
        raise SolutionError(
            "expected the catch-up tomorrow afternoon within working hours, "
            f"found {catch_up.starts_at} to {catch_up.ends_at}"
        )
    for event in get_calendar(lucan) + upcoming_before:
        if (
            event.starts_at < catch_up.ends_at
            and catch_up.starts_at < event.ends_at
        ):
            raise SolutionError(
                f"the catch-up at {catch_up.starts_at} clashes with "
                f"{event.subject!r}"
            )
    me = get_current_user()
    if [p for p in catch_up.attendees or [] if p != me] != [lucan]:
        raise SolutionError(
            "expected Lucan as the only attendee, found "
            + ", ".join(p.name for p in catch_up.attendees or [])
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
