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


#OK:
# Hey, [Assistant], set up a one-hour team retro on Friday at the first time when I and everyone in my team who isn't on vacation that day are free, and book the smallest room that fits us all.
# Tags: action, availability, rooms, shared_calendar, org_structure, vacation, multi_step, loop
def team_retro_on_friday():
    """Schedule a one-hour retro on Friday with every teammate who is not on
    vacation then, at the first hour free in all their calendars and the
    user's, in the smallest free room that seats everyone."""

    user = get_current_user()
    friday = get_next_dow("Friday")
    hour = datetime.timedelta(hours=1)
    # teammates away on Friday are left out
    present = []
    for person in find_team_of(user):
        vacation = get_vacation_schedule(person) or []
        if any(interval.contains_date(friday) for interval in vacation):
            continue
        present.append(person)
    # everybody's meetings block the time
    busy = find_events()
    for person in present:
        busy += get_calendar(person)
    start = None
    for slot in find_available_slots(busy, get_search_settings("work"), friday):
        if slot.end - slot.start >= hour:
            start = slot.start
            break
    if start is None:
        raise RequiresUserInput("Your team has no common free hour on Friday.")
    wanted = TimeInterval(start=start, end=start + hour)
    headcount = len(present) + 1
    options = [
        option
        for option in search_conference_room([wanted], capacity=headcount)
        if any(slot.includes(wanted) for slot in option.free_slots)
    ]
    if not options:
        raise RequiresUserInput(
            f"No room for {headcount} is free on Friday at {start:%H:%M}."
        )
    smallest = min(options, key=lambda option: option.room.capacity)
    add_event(
        Event(
            attendees=present,
            subject="Team retro",
            location=smallest.room.room_name,
            starts_at=wanted.start,
            ends_at=wanted.end,
        )
    )


#OK:
def setup_env_team_retro_on_friday():
    """World in which the user asks:

    Hey, [Assistant], set up a one-hour team retro on Friday at the first time when I and everyone in my team who isn't on vacation that day are free, and book the smallest room that fits us all.

    The user's Engineering team has six other people (four named here and
    two generated ones, e.g. the team manager); Niamh is on vacation
    on Thursday and Friday, so five colleagues plus the user attend. Their
    Friday meetings cover 9:30 to 14:30 back to back, so the retro goes to
    14:30-15:30 (Niamh's own 14:30 meeting does not count). Tern (6 seats)
    is booked then, so the smallest free room that fits six is Heron (8);
    Egret (10) is free too and Wren (4) is too small.
    """

    import datetime

    simulate_org_structure(
        [],
        teams_to_extend={
            Team.Engineering: ["Leontyne", "Mirela", "Niamh", "Odhran"]
        },
    )
    user = get_current_user()
    team = {person.name: person for person in find_team_of(user)}

    today = now_().date()
    thursday = today + datetime.timedelta(days=2)
    friday = today + datetime.timedelta(days=3)
    next_monday = today + datetime.timedelta(days=6)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    def meeting(subject, day, start, end, people=None):
        return Event(
            attendees=people or [],
            subject=subject,
            starts_at=at(day, *start),
            ends_at=at(day, *end),
        )

    simulate_user_calendar(
        [
            meeting(
                "Roadmap sync", friday, (9, 30), (10, 30), [team["Mirela"]]
            ),
            meeting("Lunch with mentor", friday, (12, 0), (13, 0)),
            meeting("Release notes", thursday, (15, 0), (16, 0)),
        ]
    )
    # the two generated teammates (not named in the setup) are busy too
    generated = sorted(
        name
        for name in team
        if name not in ("Leontyne", "Mirela", "Niamh", "Odhran")
    )
    busy_days = {
        generated[0]: [meeting("Budget", friday, (10, 30), (11, 30))],
        generated[1]: [meeting("Interview", friday, (11, 30), (12, 0))],
        "Leontyne": [meeting("Vendor call", friday, (13, 0), (14, 0))],
        "Odhran": [meeting("Code review", friday, (14, 0), (14, 30))],
        "Niamh": [meeting("Handover", friday, (14, 30), (15, 30))],
        "Mirela": [meeting("Design crit", thursday, (14, 30), (15, 30))],
    }
    for name, events in busy_days.items():
        simulate_employee_calendar(team[name], events)
    simulate_vacation_schedule(
        team["Niamh"],
        [TimeInterval(start=at(thursday, 0, 0), end=at(friday, 23, 59))],
    )
    simulate_vacation_schedule(
        team["Mirela"],
        [
            TimeInterval(
                start=at(next_monday, 0, 0),
                end=at(next_monday + datetime.timedelta(days=2), 23, 59),
            )
        ],
    )
    simulate_conference_room("Egret", 10)
    simulate_conference_room("Wren", 4)
    simulate_conference_room(
        "Tern",
        6,
        {
            friday: [
                TimeInterval(start=at(friday, 14, 0), end=at(friday, 15, 0))
            ]
        },
    )
    simulate_conference_room("Heron", 8)


def evaluate_team_retro_on_friday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a one-hour team retro on Friday at the first time when I and everyone in my team who isn't on vacation that day are free, and book the smallest room that fits us all.

    Exactly one event must be added: Friday 14:30-15:30 with every member
    of the user's team except Niamh (the user may be listed too), located
    in Heron. Nothing else may change.
    """

    import datetime

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    if any(e not in upcoming_after for e in upcoming_before):
        raise SolutionError("an existing event was changed or deleted")
    added = [e for e in upcoming_after if e not in upcoming_before]
    if len(added) != 1:
        raise SolutionError(f"expected one new retro, found {len(added)}")
    retro = added[0]
    start = combine(
        now_().date() + datetime.timedelta(days=3), datetime.time(14, 30)
    )
    if retro.starts_at != start or retro.ends_at != start + datetime.timedelta(
        hours=1
    ):
        raise SolutionError(
            f"expected the retro at {start} for one hour, found "
            f"{retro.starts_at} to {retro.ends_at}"
        )
    user = get_current_user()
    expected = sorted(p.name for p in find_team_of(user) if p.name != "Niamh")
    invited = sorted(p.name for p in retro.attendees or [] if p != user)
    if invited != expected:
        raise SolutionError(f"expected attendees {expected}, found {invited}")
    if retro.location != "Heron":
        raise SolutionError(
            f"expected the smallest free room for six, Heron, found "
            f"{retro.location!r}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_team_retro_on_friday(
            query="",
            executable=team_retro_on_friday,
            setup_function=setup_env_team_retro_on_friday,
        )
