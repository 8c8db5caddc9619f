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
# Hey, [Assistant], book the Cedar room on Friday at 2 PM for an hour-long kickoff with Pernille and everyone in her team.
# Tags: handback, action, conditional, rooms, org_structure
def kickoff_with_pernilles_team_in_cedar():
    """Create a one-hour kickoff on Friday at 2 PM with Pernille and her
    team in the Cedar room, if Cedar can hold everyone and is free."""

    user = get_current_user()
    pernille = find_employee("Pernille")[0]
    attendees = [pernille] + [
        person for person in find_team_of(pernille) if person != user
    ]
    headcount = len(attendees) + 1
    start = combine(get_next_dow("Friday"), time_by_hm(2, 0, "pm"))
    wanted = TimeInterval(start=start, end=start + datetime.timedelta(hours=1))
    cedar = [
        option
        for option in search_conference_room([wanted])
        if option.room.room_name.lower() == "cedar"
    ]
    if not cedar:
        raise RequiresUserInput("There is no room called Cedar.")
    if cedar[0].room.capacity < headcount:
        raise RequiresUserInput(
            f"Cedar seats {cedar[0].room.capacity}, but the kickoff has "
            f"{headcount} people. Should I pick a bigger room?"
        )
    if not any(slot.includes(wanted) for slot in cedar[0].free_slots):
        raise RequiresUserInput("Cedar is not free on Friday from 2 to 3 PM.")
    add_event(
        Event(
            attendees=attendees,
            subject="Kickoff",
            location="Cedar",
            starts_at=wanted.start,
            ends_at=wanted.end,
        )
    )


#OK:
def setup_env_kickoff_with_pernilles_team_in_cedar():
    """World in which the user asks:

    Hey, [Assistant], book the Cedar room on Friday at 2 PM for an hour-long kickoff with Pernille and everyone in her team.

    Pernille works in Finance, which has six people, so the kickoff has
    seven people with the user; Cedar seats 5. Cedar is free at that hour
    and the larger Sycamore room is free too, but the user asked for Cedar,
    so the assistant must ask instead of booking.
    """

    import datetime

    simulate_org_structure(
        [],
        teams_to_extend={
            Team.Finance: ["Pernille", "Radhika", "Sigrun", "Thibault"]
        },
    )
    pernille = find_employee("Pernille")[0]
    friday = now_().date() + datetime.timedelta(days=3)
    simulate_user_calendar(
        [
            Event(
                attendees=[pernille],
                subject="Kickoff agenda",
                starts_at=combine(friday, datetime.time(10, 0)),
                ends_at=combine(friday, datetime.time(10, 30)),
            )
        ]
    )
    simulate_conference_room(
        "Cedar",
        5,
        {
            friday: [
                TimeInterval(
                    start=combine(friday, datetime.time(9, 0)),
                    end=combine(friday, datetime.time(10, 0)),
                )
            ]
        },
    )
    simulate_conference_room("Sycamore", 12)


#OK:
def setup_env_kickoff_with_pernilles_team_in_cedar():
    """World in which the user asks:

    Hey, [Assistant], book the Cedar room on Friday at 2 PM for an hour-long kickoff with Pernille and everyone in her team.

    The contrasting world: as in the first world, but Cedar seats 10, so
    the seven people fit and the kickoff must be booked there on Friday
    2024-06-28 from 2 to 3 PM. The larger Sycamore room is free too.
    """

    import datetime

    simulate_org_structure(
        [],
        teams_to_extend={
            Team.Finance: ["Pernille", "Radhika", "Sigrun", "Thibault"]
        },
    )
    pernille = find_employee("Pernille")[0]
    friday = now_().date() + datetime.timedelta(days=3)
    simulate_user_calendar(
        [
            Event(
                attendees=[pernille],
                subject="Kickoff agenda",
                starts_at=combine(friday, datetime.time(10, 0)),
                ends_at=combine(friday, datetime.time(10, 30)),
            )
        ]
    )
    simulate_conference_room(
        "Cedar",
        10,
        {
            friday: [
                TimeInterval(
                    start=combine(friday, datetime.time(9, 0)),
                    end=combine(friday, datetime.time(10, 0)),
                )
            ]
        },
    )
    simulate_conference_room("Sycamore", 12)


def evaluate_kickoff_with_pernilles_team_in_cedar(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book the Cedar room on Friday at 2 PM for an hour-long kickoff with Pernille and everyone in her team.

    The kickoff needs seats for at least six people but Cedar has five, so
    the program must raise RequiresUserInput without having changed the
    calendar first.
    """

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
                "the calendar was changed before asking the user"
            )
    else:
        raise SolutionError(
            "Cedar seats 5 but the kickoff has at least 6 people; expected "
            "RequiresUserInput"
        )


def evaluate_kickoff_with_pernilles_team_in_cedar(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book the Cedar room on Friday at 2 PM for an hour-long kickoff with Pernille and everyone in her team.

    Contrasting world: Cedar seats everyone and is free, so exactly one
    event must be added, on Friday 2024-06-28 from 14:00 to 15:00, in Cedar
    (the location names Cedar and no other room, case ignored), with
    Pernille and every member of her team as attendees and nobody else
    (the user may be listed or not). Nothing else may change.
    """

    import datetime
    import re

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
    kickoff = added[0]
    start = datetime.datetime(2024, 6, 28, 14, 0)
    end = start + datetime.timedelta(hours=1)
    if kickoff.starts_at != start or kickoff.ends_at != end:
        raise SolutionError(
            "expected the kickoff on 2024-06-28 from 14:00 to 15:00, found "
            f"{kickoff.starts_at} to {kickoff.ends_at}"
        )
    rooms = {
        room
        for room in ("Cedar", "Sycamore")
        if re.search(r"\b" + room + r"\b", kickoff.location or "", re.IGNORECASE)
    }
    if rooms != {"Cedar"}:
        raise SolutionError(
            f"expected the kickoff in Cedar, found {kickoff.location!r}"
        )
    me = get_current_user()
    pernille = find_employee("Pernille")[0]
    expected = sorted(
        p.employee_id for p in [pernille] + find_team_of(pernille) if p != me
    )
    found = sorted(p.employee_id for p in kickoff.attendees or [] if p != me)
    if found != expected:
        raise SolutionError(
            "expected Pernille and her team ("
            + ", ".join(p.name for p in [pernille] + find_team_of(pernille))
            + "), found "
            + ", ".join(p.name for p in kickoff.attendees or [])
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_kickoff_with_pernilles_team_in_cedar(
            query="",
            executable=kickoff_with_pernilles_team_in_cedar,
            setup_function=setup_env_kickoff_with_pernilles_team_in_cedar,
        )
