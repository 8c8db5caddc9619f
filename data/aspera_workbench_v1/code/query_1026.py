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


#OK:
# Hey, [Assistant], add Zebedee to my product demo on Friday.
# Tags: handback, action, conditional, multi_step
# Apps: no room_booking
def add_zebedee_to_product_demo():
    """Invite Zebedee to this Friday's product demo; ask the user when
    Zebedee or the demo cannot be identified."""

    people = find_employee("Zebedee")
    if len(people) != 1:
        raise RequiresUserInput(
            f"I found {len(people)} colleagues called Zebedee. "
            "Could you tell me who you mean?"
        )
    zebedee = people[0]
    friday = get_next_dow("Friday")
    demos = [
        event
        for event in find_events(subject="product demo")
        if event.starts_at.date() == friday
    ]
    if len(demos) != 1:
        raise RequiresUserInput(
            f"I found {len(demos)} product demos on Friday. Which one?"
        )
    demo = demos[0]
    if zebedee not in (demo.attendees or []):
        demo.attendees = (demo.attendees or []) + [zebedee]
        add_event(demo)


#OK:
def setup_env_add_zebedee_to_product_demo():
    """World in which the user asks:

    Hey, [Assistant], add Zebedee to my product demo on Friday.

    The product demo with Bastian and Odile is on Friday 2024-06-28 at
    1 PM, but nobody called Zebedee works in the company, so the assistant
    must ask the user.
    """

    import datetime

    simulate_org_structure(["Bastian", "Odile", "Zenobia"])
    bastian = find_employee("Bastian")[0]
    odile = find_employee("Odile")[0]
    zenobia = find_employee("Zenobia")[0]

    friday = get_next_dow("Friday")
    demo = combine(friday, time_by_hm(1, 0, "pm"))
    other = combine(friday, time_by_hm(10, 0, "am"))
    simulate_user_calendar(
        [
            Event(
                attendees=[bastian, odile],
                subject="Product demo",
                starts_at=demo,
                ends_at=demo + datetime.timedelta(hours=1),
            ),
            Event(
                attendees=[zenobia],
                subject="Demo dry run",
                starts_at=other,
                ends_at=other + datetime.timedelta(minutes=30),
            ),
        ]
    )


#OK:
def setup_env_add_zebedee_to_product_demo():
    """World in which the user asks:

    Hey, [Assistant], add Zebedee to my product demo on Friday.

    The contrasting world: Zebedee works in the company, so he must be
    added to the product demo with Bastian and Odile on Friday 2024-06-28
    at 1 PM. Distractors: the demo dry run with Zenobia on Friday morning
    and a product demo on the Friday after.
    """

    import datetime

    simulate_org_structure(["Bastian", "Odile", "Zenobia", "Zebedee"])
    bastian = find_employee("Bastian")[0]
    odile = find_employee("Odile")[0]
    zenobia = find_employee("Zenobia")[0]

    friday = get_next_dow("Friday")
    demo = combine(friday, time_by_hm(1, 0, "pm"))
    other = combine(friday, time_by_hm(10, 0, "am"))
    later = demo + datetime.timedelta(days=7)
    simulate_user_calendar(
        [
            Event(
                attendees=[bastian, odile],
                subject="Product demo",
                starts_at=demo,
                ends_at=demo + datetime.timedelta(hours=1),
            ),
            Event(
                attendees=[zenobia],
                subject="Demo dry run",
                starts_at=other,
                ends_at=other + datetime.timedelta(minutes=30),
            ),
            Event(
                attendees=[odile],
                subject="Product demo",
                starts_at=later,
                ends_at=later + datetime.timedelta(hours=1),
            ),
        ]
    )


def evaluate_add_zebedee_to_product_demo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], add Zebedee to my product demo on Friday.

    Nobody called Zebedee exists, so the program must raise
    `RequiresUserInput` and leave the calendar unchanged.
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
            "expected RequiresUserInput: nobody called Zebedee works here"
        )


def evaluate_add_zebedee_to_product_demo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], add Zebedee to my product demo on Friday.

    Contrasting world: the product demo on Friday 2024-06-28 at 13:00 must
    have Zebedee among its attendees besides Bastian and Odile (the user
    may be listed or not), and keep its time, subject and place; it may be
    updated in place or replaced. Nothing else may change.
    """

    import datetime

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
        if e.starts_at == datetime.datetime(2024, 6, 28, 13, 0)
    ][0]
    removed = [e for e in upcoming_before if e not in upcoming_after]
    added = [e for e in upcoming_after if e not in upcoming_before]
    if removed != [demo] or len(added) != 1:
        raise SolutionError(
            "expected only Friday's product demo changed; "
            f"{len(removed)} events changed or went, {len(added)} appeared"
        )
    changed = added[0]
    if (
        changed.starts_at != demo.starts_at
        or changed.ends_at != demo.ends_at
        or changed.subject != demo.subject
        or changed.location != demo.location
    ):
        raise SolutionError(
            "the product demo must keep its time, subject and place"
        )
    me = get_current_user()
    expected = sorted(
        p.employee_id for p in demo.attendees + find_employee("Zebedee")
    )
    found = sorted(p.employee_id for p in changed.attendees or [] if p != me)
    if found != expected:
        raise SolutionError(
            "expected Bastian, Odile and Zebedee at the demo, found "
            + ", ".join(p.name for p in changed.attendees or [])
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_add_zebedee_to_product_demo(
            query="",
            executable=add_zebedee_to_product_demo,
            setup_function=setup_env_add_zebedee_to_product_demo,
        )
