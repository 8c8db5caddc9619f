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
# Hey, [Assistant], book the Sequoia room for my sprint demo with Hamish on Friday at 11 AM.
# Tags: handback, action, conditional, rooms
def book_sequoia_for_sprint_demo():
    """Put the Sequoia room on Friday's 11 AM sprint demo with Hamish, after
    checking that the room exists and is free; otherwise ask the user."""

    hamish = find_employee("Hamish")[0]
    eleven = combine(get_next_dow("Friday"), time_by_hm(11, 0, "am"))
    demos = [
        event
        for event in find_events(attendees=[hamish], subject="sprint demo")
        if event.starts_at == eleven
    ]
    if len(demos) != 1:
        raise RequiresUserInput("Which meeting is the sprint demo with Hamish?")
    demo = demos[0]
    wanted = TimeInterval(start=demo.starts_at, end=demo.ends_at)
    sequoia = [
        option
        for option in search_conference_room([wanted])
        if option.room.room_name.lower() == "sequoia"
    ]
    if not sequoia:
        raise RequiresUserInput(
            "There is no room called Sequoia. Which room should I book?"
        )
    if not any(slot.includes(wanted) for slot in sequoia[0].free_slots):
        raise RequiresUserInput("Sequoia is not free on Friday at 11 AM.")
    demo.location = sequoia[0].room.room_name
    add_event(demo)


#OK:
def setup_env_book_sequoia_for_sprint_demo():
    """World in which the user asks:

    Hey, [Assistant], book the Sequoia room for my sprint demo with Hamish on Friday at 11 AM.

    The sprint demo with Hamish is on Friday 11:00-12:00, but the building
    has no room called Sequoia (only Redwood, Cypress and Spruce, all free
    then), so the assistant must ask which room to use.
    """

    import datetime

    simulate_org_structure(["Hamish", "Ilario", "Jolyon"])
    hamish = find_employee("Hamish")[0]
    jolyon = find_employee("Jolyon")[0]

    friday = now_().date() + datetime.timedelta(days=3)
    simulate_user_calendar(
        [
            Event(
                attendees=[hamish],
                subject="Sprint demo",
                starts_at=combine(friday, datetime.time(11, 0)),
                ends_at=combine(friday, datetime.time(12, 0)),
            ),
            Event(
                attendees=[jolyon],
                subject="Sprint retro",
                location="Redwood",
                starts_at=combine(friday, datetime.time(14, 0)),
                ends_at=combine(friday, datetime.time(15, 0)),
            ),
        ]
    )
    simulate_conference_room("Redwood", 10)
    simulate_conference_room("Cypress", 6)
    simulate_conference_room("Spruce", 4)


#OK:
def setup_env_book_sequoia_for_sprint_demo():
    """World in which the user asks:

    Hey, [Assistant], book the Sequoia room for my sprint demo with Hamish on Friday at 11 AM.

    The contrasting world: as in the first world, but the building also has
    a Sequoia room, free on Friday at 11, so the sprint demo with Hamish
    (Friday 11:00-12:00) must be given Sequoia as its location.
    """

    import datetime

    simulate_org_structure(["Hamish", "Ilario", "Jolyon"])
    hamish = find_employee("Hamish")[0]
    jolyon = find_employee("Jolyon")[0]

    friday = now_().date() + datetime.timedelta(days=3)
    simulate_user_calendar(
        [
            Event(
                attendees=[hamish],
                subject="Sprint demo",
                starts_at=combine(friday, datetime.time(11, 0)),
                ends_at=combine(friday, datetime.time(12, 0)),
            ),
            Event(
                attendees=[jolyon],
                subject="Sprint retro",
                location="Redwood",
                starts_at=combine(friday, datetime.time(14, 0)),
                ends_at=combine(friday, datetime.time(15, 0)),
            ),
        ]
    )
    simulate_conference_room("Redwood", 10)
    simulate_conference_room("Cypress", 6)
    simulate_conference_room("Sequoia", 8)
    simulate_conference_room("Spruce", 4)


def evaluate_book_sequoia_for_sprint_demo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book the Sequoia room for my sprint demo with Hamish on Friday at 11 AM.

    No room called Sequoia exists, so the program must raise
    RequiresUserInput without having changed the calendar first.
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
            "there is no room called Sequoia; expected RequiresUserInput"
        )


def evaluate_book_sequoia_for_sprint_demo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], book the Sequoia room for my sprint demo with Hamish on Friday at 11 AM.

    Contrasting world: Sequoia exists and is free, so the sprint demo's
    location must name Sequoia and no other room (case ignored); the demo
    keeps its time, subject and attendees and may be updated in place or
    replaced. Nothing else may change.
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
    demo = [
        e
        for e in upcoming_before
        if e.starts_at == datetime.datetime(2024, 6, 28, 11, 0)
    ][0]
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if removed != [demo] or len(added) != 1:
        raise SolutionError(
            "expected only the sprint demo changed; "
            f"{len(removed)} events changed or went, {len(added)} appeared"
        )
    booked = added[0]
    me = get_current_user()
    if (
        booked.starts_at != demo.starts_at
        or booked.ends_at != demo.ends_at
        or booked.subject != demo.subject
        or sorted(p.employee_id for p in booked.attendees or [] if p != me)
        != sorted(p.employee_id for p in demo.attendees or [] if p != me)
    ):
        raise SolutionError(
            "the sprint demo must keep its time, subject and attendees"
        )
    rooms = {
        room
        for room in ("Redwood", "Cypress", "Sequoia", "Spruce")
        if re.search(r"\b" + room + r"\b", booked.location or "", re.IGNORECASE)
    }
    if rooms != {"Sequoia"}:
        raise SolutionError(
            f"expected the sprint demo in Sequoia, found {booked.location!r}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_book_sequoia_for_sprint_demo(
            query="",
            executable=book_sequoia_for_sprint_demo,
            setup_function=setup_env_book_sequoia_for_sprint_demo,
        )
