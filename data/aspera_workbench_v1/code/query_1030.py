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
# Hey, [Assistant], who is the CFO's assistant? Just give me the name.
# Tags: information, org_structure
# Apps: no room_booking
def name_of_cfo_assistant() -> str:
    """Return the name of the assistant of the company's CFO."""

    # leadership roles are read from the directory profiles
    cfo = None
    for person in get_all_employees():
        if get_employee_profile(person).role == "CFO":
            cfo = person
            break
    if cfo is None:
        raise RequiresUserInput(
            "I could not find a CFO in the company directory."
        )
    assistant = get_assistant(cfo)
    if assistant is None:
        raise RequiresUserInput(f"{cfo.name} has no assistant on record.")
    return assistant.name


# OK:
def setup_env_name_of_cfo_assistant():
    """World in which the user asks:

    Hey, [Assistant], who is the CFO's assistant? Just give me the name.

    The user is the COO and has an assistant of their own; the CEO has one
    too, so the answer must come from the CFO specifically.
    """

    simulate_org_structure(
        ["Ingeborg", "Wystan", "Kerensa", "Florentin"], user_role="COO"
    )


def evaluate_name_of_cfo_assistant(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check the program written for the request

    Hey, [Assistant], who is the CFO's assistant? Just give me the name.

    The program must return the name of the CFO's assistant as a string
    (surrounding blanks and letter case are not judged) and must not change
    the calendar or share it.

    Parameters
    ----------
    query
        Not used; the harness passes an empty string.
    executable
        The program under test, e.g. `name_of_cfo_assistant`.
    setup_function
        `setup_env_name_of_cfo_assistant`, which builds the world."""

    setup_function()
    upcoming_before = find_events()
    past_before = find_past_events()

    answer = executable()

    # the expected answer comes from the directory: the employee whose role is
    # CFO, then that person's assistant
    leaders = [
        person
        for person in get_all_employees()
        if get_employee_profile(person).role == "CFO"
    ]
    expected = get_assistant(leaders[0]).name
    if not isinstance(answer, str):
        raise SolutionError(
            "expected the assistant's name as a string, got "
            f"{type(answer).__name__}"
        )
    if answer.strip().lower() != expected.lower():
        raise SolutionError(
            f"expected the CFO's assistant {expected!r}, got {answer!r}"
        )
    if find_events() != upcoming_before or find_past_events() != past_before:
        raise SolutionError(
            "answering the question must not change the calendar"
        )
    try:
        assert_user_calendar_shared([])
    except AssertionError:
        raise SolutionError(
            "answering the question must not share the calendar"
        )


if __name__ == '__main__':
    from aspera.simulation.execution_context import (
        ExecutionContext,
        new_context,
    )

    context = ExecutionContext()
    with new_context(context):
        evaluate_name_of_cfo_assistant(
            query="",
            executable=name_of_cfo_assistant,
            setup_function=setup_env_name_of_cfo_assistant,
        )
