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
# Hey, [Assistant], set up a 20-minute intro at 11 AM with everyone on my team, my manager included, who joined after the end of May: one intro per working day starting tomorrow, in alphabetical order of name.
# Tags: action, org_structure, loop, conditional, relative_dates
# Apps: no room_booking
def intros_with_new_teammates():
    """Book 20-minute intros at 11 AM with the user's teammates who joined
    after 31 May, one per working day from tomorrow, in name order."""

    me = get_current_user()
    cutoff = date_by_mdy(month=5, day=31)
    newcomers = []
    for colleague in find_team_of(me):
        if get_employee_profile(colleague).joined_date > cutoff:
            newcomers.append(colleague)
    newcomers.sort(key=lambda person: person.name)
    day = parse_date_string(DateExpressions["Tomorrow"])
    one_day = datetime.timedelta(days=1)
    for person in newcomers:
        # Saturday is 5 and Sunday is 6
        while day.weekday() > 4:
            day = day + one_day
        starts_at = combine(day, time_by_hm(11, 0, "am"))
        add_event(
            Event(
                attendees=[person],
                subject=f"Intro with {person.name}",
                starts_at=starts_at,
                ends_at=modify(
                    starts_at,
                    Duration(20, TimeUnits.Minutes),
                    operator=DateTimeClauseOperators.add,
                ),
            )
        )
        day = day + one_day


# OK:
def setup_env_intros_with_new_teammates():
    """World in which the user asks:

    Hey, [Assistant], set up a 20-minute intro at 11 AM with everyone on my team, my manager included, who joined after the end of May: one intro per working day starting tomorrow, in alphabetical order of name.

    The user is a team member in Sales & Marketing, which is extended with
    six people. Joining dates come from the directory simulation: in this
    world four teammates joined in June (Bramwell, Fenella, Saoirse and the
    manager Teodor) and three in May (Anneliese, Cosima, Desmond), so the
    intros fall on Wednesday, Thursday, Friday and the following Monday.
    People in other teams joined in June too. The calendar has a meeting
    with Teodor tomorrow afternoon.
    """

    import datetime

    simulate_org_structure(
        ["Hamish", "Saoirse", "Teodor", "Wystan"],
        user_team=Team.SalesMarketing,
        teams_to_extend={
            Team.SalesMarketing: [
                "Anneliese",
                "Bramwell",
                "Cosima",
                "Desmond",
                "Fenella",
                "Galen",
            ]
        },
    )
    manager = find_manager_of(get_current_user())
    start = combine(
        now_().date() + datetime.timedelta(days=1), time_by_hm(2, 0, "pm")
    )
    simulate_user_calendar(
        [
            Event(
                attendees=[manager],
                subject="Territory planning",
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=45),
            )
        ]
    )


def evaluate_intros_with_new_teammates(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], set up a 20-minute intro at 11 AM with everyone on my team, my manager included, who joined after the end of May: one intro per working day starting tomorrow, in alphabetical order of name.

    The teammates (the manager included) who joined on or after 1 June are
    taken from the directory and sorted by name; the k-th of them must get a
    20-minute intro, alone (the user may be listed too), at 11:00 on the
    k-th working day from tomorrow (Wednesday 26 June, Thursday, Friday,
    then Monday 1 July, ...). Nothing else may change.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `intros_with_new_teammates`.
    setup_function
        `setup_env_intros_with_new_teammates`, which builds the world."""

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
    new_events = sorted(
        [e for e in upcoming_after if e not in upcoming_before],
        key=lambda e: e.starts_at,
    )

    me = get_current_user()
    my_team = get_employee_profile(me).team
    newcomers = sorted(
        (
            person
            for person in get_all_employees()
            if person != me
            and get_employee_profile(person).team == my_team
            and get_employee_profile(person).joined_date
            >= datetime.date(2024, 6, 1)
        ),
        key=lambda person: person.name,
    )
    working_days = []
    day = datetime.date(2024, 6, 26)
    while len(working_days) < len(newcomers):
        if day.weekday() < 5:
            working_days.append(day)
        day += datetime.timedelta(days=1)
    if len(new_events) != len(newcomers):
        raise SolutionError(
            f"expected {len(newcomers)} intros ("
            + ", ".join(p.name for p in newcomers)
            + f"), found {len(new_events)} new events"
        )
    for event, person, day in zip(new_events, newcomers, working_days):
        expected_start = combine(day, time_by_hm(11, 0, "am"))
        # the user may be listed among the attendees or not
        if [p for p in event.attendees or [] if p != me] != [person]:
            raise SolutionError(
                f"the intro on {day} should be with {person.name} alone, got "
                + ", ".join(p.name for p in event.attendees or [])
            )
        if event.starts_at != expected_start:
            raise SolutionError(
                f"the intro with {person.name} should start at "
                f"{expected_start}, "
                f"not {event.starts_at}"
            )
        if event.ends_at - event.starts_at != datetime.timedelta(minutes=20):
            raise SolutionError(
                f"the intro with {person.name} must last 20 minutes"
            )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_intros_with_new_teammates(
            query="",
            executable=intros_with_new_teammates,
            setup_function=setup_env_intros_with_new_teammates,
        )
