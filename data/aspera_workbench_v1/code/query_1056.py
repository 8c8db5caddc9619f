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
# Hey, [Assistant], book a 1-hour prep meeting next week with my whole team, my manager included: take the earliest weekday slot starting on the hour between 9 AM and 4 PM when nobody in the team is on holiday and their calendars and mine are all free.
# Tags: action, org_structure, availability, vacation, shared_calendar, loop, conditional, relative_dates
def team_prep_meeting_next_week():
    """Find next week's earliest on-the-hour slot (9 AM to 4 PM starts) that
    is free for the user and every teammate, on a day when no teammate is on
    holiday, and book a 1-hour meeting with the whole team there."""

    me = get_current_user()
    team = find_team_of(me)
    manager = find_manager_of(me)
    if manager is not None and manager not in team:
        team.append(manager)
    if not team:
        raise RequiresUserInput("Your team has nobody else in it.")

    # everything that can block a slot: the user's events, the teammates'
    # events, and the teammates' holidays
    busy = []
    for event in find_events():
        busy.append(event)
    holidays = []
    for colleague in team:
        busy += get_calendar(colleague)
        holidays += get_vacation_schedule(colleague) or []

    for day in parse_duration_to_calendar("NextWeek")[0][:5]:
        if any(holiday.contains_date(day) for holiday in holidays):
            continue
        for hour in range(9, 17):
            start = combine(day, datetime.time(hour, 0))
            slot = TimeInterval(
                start=start, end=start + datetime.timedelta(hours=1)
            )
            clash = False
            for event in busy:
                if event.starts_at is None or event.ends_at is None:
                    continue
                if event.show_as_status == ShowAsStatus.Free:
                    continue
                taken = TimeInterval(start=event.starts_at, end=event.ends_at)
                if intervals_overlap(slot, taken):
                    clash = True
                    break
            if clash:
                continue
            add_event(
                Event(
                    attendees=team,
                    subject="Team prep meeting",
                    starts_at=slot.start,
                    ends_at=slot.end,
                )
            )
            return
    raise RequiresUserInput(
        "There is no common free hour for the team next week."
    )


# OK:
def setup_env_team_prep_meeting_next_week():
    """World in which the user asks:

    Hey, [Assistant], book a 1-hour prep meeting next week with my whole team, my manager included: take the earliest weekday slot starting on the hour between 9 AM and 4 PM when nobody in the team is on holiday and their calendars and mine are all free.

    The user is a team member in Finance, extended with Thessaly, Radomir and
    Nerys; Jasper and the manager complete the team. Next week:
    Monday - Radomir is on holiday.
    Tuesday - every hour is blocked: Jasper 9:00-12:00, Nerys 12:00-14:30,
    the user 14:30-15:15, the manager 15:00-17:00.
    Wednesday - Jasper is on holiday.
    Thursday - Nerys 9:00-10:00, Thessaly 10:30-11:00, the user 11:00-11:30,
    the manager's weekly 12:00-13:00 series (started in June), Radomir
    14:00-15:00; 13:00-14:00 is free for everyone, so the meeting goes there.
    Friday is entirely free but comes later.
    """

    import datetime

    simulate_org_structure(
        ["Petronella", "Jasper"],
        user_team=Team.Finance,
        teams_to_extend={Team.Finance: ["Thessaly", "Radomir", "Nerys"]},
    )
    me = get_current_user()
    manager = find_manager_of(me)
    jasper = find_employee("Jasper")[0]
    thessaly = find_employee("Thessaly")[0]
    radomir = find_employee("Radomir")[0]
    nerys = find_employee("Nerys")[0]
    petronella = find_employee("Petronella")[0]

    next_monday = get_next_dow("Monday")

    def at(offset: int, hour: int, minute: int) -> datetime.datetime:
        day = next_monday + datetime.timedelta(days=offset)
        return combine(day, datetime.time(hour, minute))

    def meeting(people, start, minutes, subject, repeats=None):
        return Event(
            attendees=people,
            subject=subject,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=minutes),
            repeats=repeats,
        )

    simulate_vacation_schedule(
        radomir, [TimeInterval(start=at(0, 0, 0), end=at(0, 23, 59))]
    )
    simulate_vacation_schedule(
        jasper, [TimeInterval(start=at(2, 0, 0), end=at(2, 23, 59))]
    )

    simulate_user_calendar(
        [
            meeting([petronella], at(1, 14, 30), 45, "Cost allocation"),
            meeting([petronella], at(3, 11, 0), 30, "Treasury update"),
        ]
    )
    simulate_employee_calendar(
        jasper, [meeting([petronella], at(1, 9, 0), 180, "Audit fieldwork")]
    )
    simulate_employee_calendar(
        nerys,
        [
            meeting([radomir], at(1, 12, 0), 150, "Close checklist"),
            meeting([thessaly], at(3, 9, 0), 60, "Accruals"),
        ],
    )
    simulate_employee_calendar(
        manager,
        [
            meeting([petronella], at(1, 15, 0), 120, "Board pack"),
            meeting(
                [jasper, nerys],
                at(-18, 12, 0),
                60,
                "Finance weekly",
                RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, max_repetitions=8
                ),
            ),
        ],
    )
    simulate_employee_calendar(
        thessaly, [meeting([petronella], at(3, 10, 30), 30, "Vendor call")]
    )
    simulate_employee_calendar(
        radomir, [meeting([petronella], at(3, 14, 0), 60, "Payroll run")]
    )


def evaluate_team_prep_meeting_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book a 1-hour prep meeting next week with my whole team, my manager included: take the earliest weekday slot starting on the hour between 9 AM and 4 PM when nobody in the team is on holiday and their calendars and mine are all free.

    Exactly one event must be added, next Thursday (2024-07-04) from 13:00
    to 14:00, whose attendees are all the members of the user's team (the
    Finance employees other than the user, the manager included) and nobody
    else (the user may be listed too). Nothing else may change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `team_prep_meeting_next_week`.
    setup_function
        `setup_env_team_prep_meeting_next_week`, which builds the world."""

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
    prep = new_events[0]
    expected_start = datetime.datetime(2024, 7, 4, 13, 0)
    if prep.starts_at != expected_start:
        raise SolutionError(
            f"expected the prep meeting at {expected_start}, "
            f"got {prep.starts_at}"
        )
    if prep.ends_at - prep.starts_at != datetime.timedelta(hours=1):
        raise SolutionError("the prep meeting must last one hour")
    me = get_current_user()
    team = [
        person
        for person in get_all_employees()
        if person != me and get_employee_profile(person).team == Team.Finance
    ]
    # the user may be listed among the attendees or not
    others = [p for p in prep.attendees or [] if p != me]
    if sorted(p.employee_id for p in others) != sorted(
        p.employee_id for p in team
    ):
        raise SolutionError(
            "the attendees must be the whole team ("
            + ", ".join(p.name for p in team)
            + "), got "
            + ", ".join(p.name for p in prep.attendees or [])
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_team_prep_meeting_next_week(
            query="",
            executable=team_prep_meeting_next_week,
            setup_function=setup_env_team_prep_meeting_next_week,
        )
