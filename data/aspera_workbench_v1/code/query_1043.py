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
# Hey, [Assistant], book a 30-minute one-to-one at 10 AM with each of my direct reports on the first weekday next week they aren't on holiday, and tell me who is off all week.
# Tags: action, information, org_structure, vacation, loop, conditional, relative_dates
# Apps: no room_booking
def one_to_ones_around_holidays() -> list[str]:
    """For every direct report, book a 10:00-10:30 one-to-one on the first
    weekday of next week that the report is not on holiday; return the names
    of the reports who are on holiday every weekday next week."""

    me = get_current_user()
    reports = find_reports_of(me)
    if not reports:
        raise RequiresUserInput("Nobody reports to you.")
    # Monday to Friday of next week
    weekdays_next_week = parse_duration_to_calendar("NextWeek")[0][:5]
    half_hour = Duration(30, TimeUnits.Minutes)
    off_all_week = []
    for report in reports:
        holidays = get_vacation_schedule(report) or []
        chosen_day = None
        for day in weekdays_next_week:
            away = False
            for holiday in holidays:
                if holiday.contains_date(day):
                    away = True
                    break
            if not away:
                chosen_day = day
                break
        if chosen_day is None:
            off_all_week.append(report.name)
            continue
        starts_at = combine(chosen_day, time_by_hm(10, 0, "am"))
        add_event(
            Event(
                attendees=[report],
                subject=f"One-to-one with {report.name}",
                starts_at=starts_at,
                ends_at=modify(
                    starts_at, half_hour, operator=DateTimeClauseOperators.add
                ),
            )
        )
    return off_all_week


# OK:
def setup_env_one_to_ones_around_holidays():
    """World in which the user asks:

    Hey, [Assistant], book a 30-minute one-to-one at 10 AM with each of my direct reports on the first weekday next week they aren't on holiday, and tell me who is off all week.

    The user is a manager in Finance with four direct reports: Desmond (no
    holiday next week, off the week after), Ignatius (off Monday to Friday
    next week), Mireille (off next Monday; also off last week) and
    Rumplestinskin (off from this Saturday to next Wednesday). So the
    one-to-ones fall on Monday (Desmond), Tuesday (Mireille) and Thursday
    (Rumplestinskin), and Ignatius is the one off all week. Leocadia, who is
    in Finance but reports to someone else, is also off all week.
    Distractors in the calendar: a one-to-one with Desmond this Friday and a
    meeting with the user's manager next Monday at 2 PM.
    """

    import datetime

    simulate_org_structure(
        ["Marisol", "Anselm"],
        user_role="Manager",
        user_team=Team.Finance,
        teams_to_extend={
            Team.Finance: ["Ignatius", "Leocadia", "Mireille", "Desmond"]
        },
    )
    me = get_current_user()
    manager = find_manager_of(me)
    desmond = find_employee("Desmond")[0]
    ignatius = find_employee("Ignatius")[0]
    mireille = find_employee("Mireille")[0]
    rumplestinskin = find_employee("Rumplestinskin")[0]
    leocadia = find_employee("Leocadia")[0]

    next_monday = get_next_dow("Monday")

    def days_off(first_offset: int, last_offset: int) -> TimeInterval:
        # offsets in days from next Monday, both days included
        return TimeInterval(
            start=combine(
                next_monday + datetime.timedelta(days=first_offset),
                datetime.time(0, 0),
            ),
            end=combine(
                next_monday + datetime.timedelta(days=last_offset),
                datetime.time(23, 59),
            ),
        )

    simulate_vacation_schedule(desmond, [days_off(7, 11)])
    simulate_vacation_schedule(ignatius, [days_off(0, 4)])
    simulate_vacation_schedule(mireille, [days_off(-14, -10), days_off(0, 0)])
    simulate_vacation_schedule(rumplestinskin, [days_off(-2, 2)])
    simulate_vacation_schedule(leocadia, [days_off(0, 4)])

    friday = get_next_dow("Friday")
    plan = [
        (desmond, friday, time_by_hm(10, 0, "am"), 30, "One-to-one"),
        (manager, next_monday, time_by_hm(2, 0, "pm"), 60, "Audit plan"),
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


def evaluate_one_to_ones_around_holidays(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book a 30-minute one-to-one at 10 AM with each of my direct reports on the first weekday next week they aren't on holiday, and tell me who is off all week.

    Exactly three events must be added, 10:00-10:30 with one attendee each
    (the user may be listed too):
    Desmond on Monday 2024-07-01, Mireille on Tuesday 2024-07-02 and
    Rumplestinskin on Thursday 2024-07-04. The program must return the
    names of the reports off all week, i.e. only Ignatius (a list, tuple or
    set of names or `Employee` objects). Nothing else may change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `one_to_ones_around_holidays`.
    setup_function
        `setup_env_one_to_ones_around_holidays`, which builds the world."""

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before or any(
        e not in upcoming_after for e in upcoming_before
    ):
        raise SolutionError("existing events must not change")
    new_events = [e for e in upcoming_after if e not in upcoming_before]
    expected = {
        "Desmond": datetime.date(2024, 7, 1),
        "Mireille": datetime.date(2024, 7, 2),
        "Rumplestinskin": datetime.date(2024, 7, 4),
    }
    if len(new_events) != len(expected):
        raise SolutionError(
            f"expected 3 new one-to-ones (Desmond, Mireille, Rumplestinskin), "
            f"found {len(new_events)} new events"
        )
    me = get_current_user()
    booked = []
    for event in new_events:
        # the user may be listed among the attendees or not
        people = [p for p in event.attendees or [] if p != me]
        if len(people) != 1 or people[0].name not in expected:
            raise SolutionError(
                "unexpected one-to-one with "
                + (", ".join(p.name for p in people) or "nobody")
            )
        name = people[0].name
        booked.append(name)
        start = combine(expected[name], time_by_hm(10, 0, "am"))
        if event.starts_at != start:
            raise SolutionError(
                f"the one-to-one with {name} should start at {start}, "
                f"not {event.starts_at}"
            )
        if event.ends_at - event.starts_at != datetime.timedelta(minutes=30):
            raise SolutionError(
                f"the one-to-one with {name} must last 30 minutes"
            )
    if len(set(booked)) != len(expected):
        raise SolutionError("each report must get exactly one one-to-one")

    if not isinstance(answer, (list, tuple, set)):
        raise SolutionError(
            f"expected the names of the reports off all week, got {answer!r}"
        )
    names = sorted(
        item.name if isinstance(item, Employee) else str(item).strip()
        for item in answer
    )
    if names != ["Ignatius"]:
        raise SolutionError(
            "only Ignatius is off all week among the reports, "
            f"the program said {names}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_one_to_ones_around_holidays(
            query="",
            executable=one_to_ones_around_holidays,
            setup_function=setup_env_one_to_ones_around_holidays,
        )
