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
# Hey, [Assistant], which of my teammates are free tomorrow from 2 to 3 PM? Anyone on holiday counts as not free. Give me their names.
# Tags: information, org_structure, availability, vacation, shared_calendar, loop, conditional
# Apps: no room_booking
def teammates_free_tomorrow_two_to_three() -> list[str]:
    """Return the names of the user's teammates who are neither on holiday
    nor in a meeting between 2 and 3 PM tomorrow."""

    me = get_current_user()
    tomorrow = parse_date_string(DateExpressions["Tomorrow"])
    window = TimeInterval(
        start=combine(tomorrow, time_by_hm(2, 0, "pm")),
        end=combine(tomorrow, time_by_hm(3, 0, "pm")),
    )
    free = []
    for colleague in find_team_of(me):
        on_holiday = False
        for holiday in get_vacation_schedule(colleague) or []:
            if intervals_overlap(window, holiday):
                on_holiday = True
        if on_holiday:
            continue
        busy = False
        for event in get_calendar(colleague):
            if event.starts_at is None or event.ends_at is None:
                continue
            if event.show_as_status == ShowAsStatus.Free:
                continue
            meeting = TimeInterval(start=event.starts_at, end=event.ends_at)
            # meetings that only touch the window do not count
            if intervals_overlap(window, meeting):
                busy = True
                break
        if not busy:
            free.append(colleague.name)
    return free


# OK:
def setup_env_teammates_free_tomorrow_two_to_three():
    """World in which the user asks:

    Hey, [Assistant], which of my teammates are free tomorrow from 2 to 3 PM? Anyone on holiday counts as not free. Give me their names.

    The user is a team member in Engineering, whose team is extended with
    Yarrow, Benedikt, Eulalia and Florentin. Tomorrow: Yarrow meets the user
    from 2 to 2:30 PM; the user's manager is busy from 2:30 to 3:30 PM;
    Benedikt has meetings ending at 2 PM and starting at 3 PM (touching the
    window only); Eulalia is on holiday; Florentin's meetings are today and
    the day after tomorrow. Everyone else in the team has an empty calendar.
    """

    import datetime

    simulate_org_structure(
        [],
        teams_to_extend={
            Team.Engineering: ["Yarrow", "Benedikt", "Eulalia", "Florentin"],
            Team.Finance: ["Anselm"],
        },
    )
    me = get_current_user()
    manager = find_manager_of(me)
    yarrow = find_employee("Yarrow")[0]
    benedikt = find_employee("Benedikt")[0]
    eulalia = find_employee("Eulalia")[0]
    florentin = find_employee("Florentin")[0]
    anselm = find_employee("Anselm")[0]

    today = now_().date()
    tomorrow = today + datetime.timedelta(days=1)
    day_after = today + datetime.timedelta(days=2)

    def meeting(people, day, hour, minute, minutes, subject):
        start = combine(day, datetime.time(hour, minute))
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
        )

    simulate_user_calendar(
        [
            meeting([yarrow], tomorrow, 14, 0, 30, "Code review"),
            meeting([anselm], tomorrow, 14, 30, 30, "Cloud costs"),
        ]
    )
    simulate_employee_calendar(
        yarrow, [meeting([me], tomorrow, 14, 0, 30, "Code review")]
    )
    simulate_employee_calendar(
        manager, [meeting([anselm], tomorrow, 14, 30, 60, "Headcount")]
    )
    simulate_employee_calendar(
        benedikt,
        [
            meeting([florentin], tomorrow, 13, 0, 60, "Design sync"),
            meeting([yarrow], tomorrow, 15, 0, 30, "Release notes"),
        ],
    )
    simulate_employee_calendar(
        florentin,
        [
            meeting([benedikt], tomorrow, 13, 0, 60, "Design sync"),
            meeting([anselm], today, 14, 0, 60, "Vendor call"),
            meeting([manager], day_after, 14, 0, 60, "Planning"),
        ],
    )
    simulate_employee_calendar(
        anselm, [meeting([manager], tomorrow, 14, 30, 60, "Headcount")]
    )
    simulate_vacation_schedule(
        eulalia,
        [
            TimeInterval(
                start=combine(tomorrow, datetime.time(0, 0)),
                end=combine(tomorrow, datetime.time(23, 59)),
            )
        ],
    )


def evaluate_teammates_free_tomorrow_two_to_three(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], which of my teammates are free tomorrow from 2 to 3 PM? Anyone on holiday counts as not free. Give me their names.

    The answer must name every member of the user's team except Yarrow
    (meeting at 2 PM), the user's manager (meeting at 2:30 PM) and Eulalia
    (on holiday), each once, in any order; names may be given as strings or
    as `Employee` objects. The calendar must not change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `teammates_free_tomorrow_two_to_three`.
    setup_function
        `setup_env_teammates_free_tomorrow_two_to_three`, which builds the
        world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    me = get_current_user()
    not_free = [
        find_employee("Yarrow")[0],
        find_employee("Eulalia")[0],
        find_manager_of(me),
    ]
    team = [
        p
        for p in get_all_employees()
        if get_employee_profile(p).team == Team.Engineering and p != me
    ]
    expected = sorted(p.name for p in team if p not in not_free)
    if not isinstance(answer, (list, tuple, set)):
        raise SolutionError(
            f"expected a list of names, got {type(answer).__name__}"
        )
    got = []
    for item in answer:
        if isinstance(item, Employee):
            got.append(item.name)
        elif isinstance(item, str):
            got.append(item.strip())
        else:
            raise SolutionError(f"expected names, found {item!r} in the answer")
    if sorted(got) != expected:
        raise SolutionError(
            f"expected the free teammates {expected}, got {sorted(got)}"
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
        evaluate_teammates_free_tomorrow_two_to_three(
            query="",
            executable=teammates_free_tomorrow_two_to_three,
            setup_function=setup_env_teammates_free_tomorrow_two_to_three,
        )
