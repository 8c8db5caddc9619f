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
# Tags: handback, multi_step
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
