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
# Hey, [Assistant], find a room that seats 10 for my town hall rehearsal on Thursday at 2 PM and book it.
# Tags: handback, action, conditional, rooms
def book_room_for_town_hall_rehearsal():
    """Book a room with at least 10 seats that is free for the whole of
    Thursday's 2 PM town hall rehearsal; ask the user if there is none."""

    thursday = get_next_dow("Thursday")
    two_pm = combine(thursday, time_by_hm(2, 0, "pm"))
    rehearsals = [
        event
        for event in find_events(subject="town hall rehearsal")
        if event.starts_at == two_pm
    ]
    if len(rehearsals) != 1:
        raise RequiresUserInput("Which meeting is the town hall rehearsal?")
    rehearsal = rehearsals[0]
    wanted = TimeInterval(start=rehearsal.starts_at, end=rehearsal.ends_at)
    for option in search_conference_room([wanted], capacity=10):
        if any(slot.includes(wanted) for slot in option.free_slots):
            rehearsal.location = option.room.room_name
            add_event(rehearsal)
            return
    raise RequiresUserInput(
        "No room with 10 seats is free on Thursday from 2 to 3 PM. Should I "
        "try a smaller room or another time?"
    )


#OK:
def setup_env_book_room_for_town_hall_rehearsal():
    """World in which the user asks:

    Hey, [Assistant], find a room that seats 10 for my town hall rehearsal on Thursday at 2 PM and book it.

    The rehearsal runs on Thursday from 2 to 3 PM. Redwood (12 seats) is
    booked 1:30-2:30 PM and Magnolia (10 seats) 2:45-4 PM; Larch (6) and
    Poplar (4) are free but too small. No suitable room is free, so the
    assistant must ask.
    """

    import datetime

    simulate_org_structure(["Quirin", "Rhosyn", "Solveig"])
    quirin = find_employee("Quirin")[0]
    rhosyn = find_employee("Rhosyn")[0]
    solveig = find_employee("Solveig")[0]

    today = now_().date()
    thursday = today + datetime.timedelta(days=2)
    friday = today + datetime.timedelta(days=3)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    simulate_user_calendar(
        [
            Event(
                attendees=[quirin, rhosyn, solveig],
                subject="Town hall rehearsal",
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 15, 0),
            ),
            Event(
                attendees=[quirin],
                subject="Agenda draft",
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 10, 30),
            ),
        ]
    )
    simulate_conference_room(
        "Redwood",
        12,
        {
            thursday: [
                TimeInterval(
                    start=at(thursday, 13, 30), end=at(thursday, 14, 30)
                )
            ],
            friday: [
                TimeInterval(start=at(friday, 9, 30), end=at(friday, 10, 0))
            ],
        },
    )
    simulate_conference_room("Larch", 6)
    simulate_conference_room(
        "Magnolia",
        10,
        {
            thursday: [
                TimeInterval(
                    start=at(thursday, 14, 45), end=at(thursday, 16, 0)
                )
            ]
        },
    )
    simulate_conference_room("Poplar", 4)


#OK:
def setup_env_book_room_for_town_hall_rehearsal():
    """World in which the user asks:

    Hey, [Assistant], find a room that seats 10 for my town hall rehearsal on Thursday at 2 PM and book it.

    The contrasting world: as in the first world, but Magnolia (10 seats)
    is booked only from 3 to 4 PM, so it is free for the whole rehearsal
    (2 to 3 PM) and must be booked. Redwood (12) is booked 1:30-2:30 PM;
    Larch (6) and Poplar (4) are free but too small.
    """

    import datetime

    simulate_org_structure(["Quirin", "Rhosyn", "Solveig"])
    quirin = find_employee("Quirin")[0]
    rhosyn = find_employee("Rhosyn")[0]
    solveig = find_employee("Solveig")[0]

    today = now_().date()
    thursday = today + datetime.timedelta(days=2)
    friday = today + datetime.timedelta(days=3)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    simulate_user_calendar(
        [
            Event(
                attendees=[quirin, rhosyn, solveig],
                subject="Town hall rehearsal",
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 15, 0),
            ),
            Event(
                attendees=[quirin],
                subject="Agenda draft",
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 10, 30),
            ),
        ]
    )
    simulate_conference_room(
        "Redwood",
        12,
        {
            thursday: [
                TimeInterval(
                    start=at(thursday, 13, 30), end=at(thursday, 14, 30)
                )
            ],
            friday: [
                TimeInterval(start=at(friday, 9, 30), end=at(friday, 10, 0))
            ],
        },
    )
    simulate_conference_room("Larch", 6)
    simulate_conference_room(
        "Magnolia",
        10,
        {
            thursday: [
                TimeInterval(start=at(thursday, 15, 0), end=at(thursday, 16, 0))
            ]
        },
    )
    simulate_conference_room("Poplar", 4)


def evaluate_book_room_for_town_hall_rehearsal(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], find a room that seats 10 for my town hall rehearsal on Thursday at 2 PM and book it.

    Both rooms with at least 10 seats are booked during the rehearsal, so
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
            "no room with 10 seats is free on Thursday 14:00-15:00; expected "
            "RequiresUserInput"
        )


def evaluate_book_room_for_town_hall_rehearsal(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], find a room that seats 10 for my town hall rehearsal on Thursday at 2 PM and book it.

    Contrasting world: Magnolia is the one room with 10 seats free from 2
    to 3 PM on Thursday, so the rehearsal's location must name Magnolia
    and no other room (case ignored); the rehearsal keeps its time,
    subject and attendees and may be updated in place or replaced. Nothing
    else may change.
    """

    import datetime
    import re

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    _ = executable()

    upcoming_after = find_events()
    if find_past_events() != past_before:
        raise SolutionError("past events were changed")
    rehearsal = [
        e
        for e in upcoming_before
        if e.starts_at == datetime.datetime(2024, 6, 27, 14, 0)
    ][0]
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if removed != [rehearsal] or len(added) != 1:
        raise SolutionError(
            "expected only the town hall rehearsal changed; "
            f"{len(removed)} events changed or went, {len(added)} appeared"
        )
    booked = added[0]
    me = get_current_user()
    if (
        booked.starts_at != rehearsal.starts_at
        or booked.ends_at != rehearsal.ends_at
        or booked.subject != rehearsal.subject
        or sorted(p.employee_id for p in booked.attendees or [] if p != me)
        != sorted(p.employee_id for p in rehearsal.attendees or [] if p != me)
    ):
        raise SolutionError(
            "the rehearsal must keep its time, subject and attendees"
        )
    rooms = {
        room
        for room in ("Redwood", "Larch", "Magnolia", "Poplar")
        if re.search(r"\b" + room + r"\b", booked.location or "", re.IGNORECASE)
    }
    if rooms != {"Magnolia"}:
        raise SolutionError(
            "expected the rehearsal in Magnolia, the one free room with 10 "
            f"seats, found the location {booked.location!r}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_book_room_for_town_hall_rehearsal(
            query="",
            executable=book_room_for_town_hall_rehearsal,
            setup_function=setup_env_book_room_for_town_hall_rehearsal,
        )
