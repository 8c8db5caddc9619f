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
# Hey, [Assistant], if the Maple room is free on Thursday from 10 to 11 AM, book it for a product demo with Sabela then; otherwise use the Willow room.
# Tags: action, rooms, conditional
def product_demo_with_sabela_in_maple_or_willow():
    """Create Thursday's 10-11 AM product demo with Sabela in Maple when
    Maple is free for that hour, and in Willow otherwise."""

    sabela = find_employee("Sabela")[0]
    thursday = get_next_dow("Thursday")
    wanted = TimeInterval(
        start=combine(thursday, time_by_hm(10, 0, "am")),
        end=combine(thursday, time_by_hm(11, 0, "am")),
    )
    maple_free = any(
        slot.includes(wanted)
        for slot in find_available_time_slots("Maple", [wanted])
    )
    add_event(
        Event(
            attendees=[sabela],
            subject="Product demo",
            location="Maple" if maple_free else "Willow",
            starts_at=wanted.start,
            ends_at=wanted.end,
        )
    )


#OK:
def setup_env_product_demo_with_sabela_in_maple_or_willow():
    """World in which the user asks:

    Hey, [Assistant], if the Maple room is free on Thursday from 10 to 11 AM, book it for a product demo with Sabela then; otherwise use the Willow room.

    Maple's Thursday booking starts at 11 AM and its other booking is on
    Wednesday at 10, so it is free on Thursday 10-11 and the demo goes to
    Maple.
    """

    import datetime

    simulate_org_structure(["Sabela", "Tiberio"])
    today = now_().date()
    wednesday = today + datetime.timedelta(days=1)
    thursday = today + datetime.timedelta(days=2)

    def booking(day, start, end):
        return TimeInterval(
            start=combine(day, datetime.time(*start)),
            end=combine(day, datetime.time(*end)),
        )

    simulate_conference_room(
        "Maple",
        6,
        {
            wednesday: [booking(wednesday, (10, 0), (11, 0))],
            thursday: [booking(thursday, (11, 0), (12, 0))],
        },
    )
    simulate_conference_room(
        "Willow", 4, {thursday: [booking(thursday, (14, 0), (15, 0))]}
    )


#OK:
def setup_env_product_demo_with_sabela_in_maple_or_willow():
    """World in which the user asks:

    Hey, [Assistant], if the Maple room is free on Thursday from 10 to 11 AM, book it for a product demo with Sabela then; otherwise use the Willow room.

    Maple is booked on Thursday from 10:30 to 11:30 (and free on
    Wednesday), so the demo goes to Willow.
    """

    import datetime

    simulate_org_structure(["Sabela", "Tiberio"])
    today = now_().date()
    thursday = today + datetime.timedelta(days=2)

    def booking(day, start, end):
        return TimeInterval(
            start=combine(day, datetime.time(*start)),
            end=combine(day, datetime.time(*end)),
        )

    simulate_conference_room(
        "Maple", 6, {thursday: [booking(thursday, (10, 30), (11, 30))]}
    )
    simulate_conference_room(
        "Willow", 4, {thursday: [booking(thursday, (14, 0), (15, 0))]}
    )


def evaluate_product_demo_with_sabela_in_maple_or_willow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], if the Maple room is free on Thursday from 10 to 11 AM, book it for a product demo with Sabela then; otherwise use the Willow room.

    Maple is free then, so exactly one event must be added: Thursday
    10:00-11:00 with Sabela (the user may be listed too), located in
    Maple. Nothing else may change.
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
        raise SolutionError(f"expected one new demo, found {len(added)}")
    demo = added[0]
    start = combine(
        now_().date() + datetime.timedelta(days=2), datetime.time(10, 0)
    )
    if demo.starts_at != start or demo.ends_at != start + datetime.timedelta(
        hours=1
    ):
        raise SolutionError(
            f"expected the demo at {start} for one hour, found "
            f"{demo.starts_at} to {demo.ends_at}"
        )
    user = get_current_user()
    sabela = find_employee("Sabela")[0]
    if [p for p in demo.attendees or [] if p != user] != [sabela]:
        raise SolutionError("the demo must invite Sabela alone")
    if (demo.location or "").strip().lower() != "maple":
        raise SolutionError(
            f"Maple is free, expected it, found {demo.location!r}"
        )


def evaluate_product_demo_with_sabela_in_maple_or_willow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], if the Maple room is free on Thursday from 10 to 11 AM, book it for a product demo with Sabela then; otherwise use the Willow room.

    Maple is booked from 10:30, so exactly one event must be added:
    Thursday 10:00-11:00 with Sabela (the user may be listed too), located
    in Willow. Nothing else may change.
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
        raise SolutionError(f"expected one new demo, found {len(added)}")
    demo = added[0]
    start = combine(
        now_().date() + datetime.timedelta(days=2), datetime.time(10, 0)
    )
    if demo.starts_at != start or demo.ends_at != start + datetime.timedelta(
        hours=1
    ):
        raise SolutionError(
            f"expected the demo at {start} for one hour, found "
            f"{demo.starts_at} to {demo.ends_at}"
        )
    user = get_current_user()
    sabela = find_employee("Sabela")[0]
    if [p for p in demo.attendees or [] if p != user] != [sabela]:
        raise SolutionError("the demo must invite Sabela alone")
    if (demo.location or "").strip().lower() != "willow":
        raise SolutionError(
            f"Maple is booked, expected Willow, found {demo.location!r}"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_product_demo_with_sabela_in_maple_or_willow(
            query="",
            executable=product_demo_with_sabela_in_maple_or_willow,
            setup_function=setup_env_product_demo_with_sabela_in_maple_or_willow,
        )
