"""Control tasks: the task's own evaluation programs judge a control program through the mapping."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.executor import Evaluator, Outcome
from aspera_core.tasks import Task, function_name, load_tasks
from aspera_workbench.control import control_task
from aspera_workbench.control.control_tasks import CONTROL_EVALUATION

ROOT = Path(__file__).resolve().parents[2]
TASK_SET = ROOT / "data" / "aspera_workbench_v1"


@pytest.fixture(scope="module")
def tasks() -> dict[str, Task]:
    return {task.query_id: task for task in load_tasks(TASK_SET)}


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    return Evaluator()


def control_reference(query_id: str) -> str:
    return (TASK_SET / "control" / f"query_{query_id}.py").read_text("utf-8")


def test_a_control_task_differs_only_where_evaluation_needs_it(tasks: dict[str, Task]) -> None:
    task = tasks["1001"]
    program = control_reference("1001")
    derived = control_task(task, program)
    assert derived.scenario.apps == [] and task.scenario.apps != []
    assert (derived.query_id, derived.query, derived.tags) == (task.query_id, task.query, task.tags)
    assert derived.program == program
    assert derived.scenario.simulation_tools == task.scenario.simulation_tools
    for setup, original in zip(derived.state_generation_programs, task.state_generation_programs):
        assert setup.startswith("import sys\n") and setup.endswith(original)
        assert "from aspera.apps_implementation.work_calendar import *" in setup
        assert function_name(setup) == function_name(original)
    for evaluation, original in zip(derived.evaluation_programs, task.evaluation_programs):
        assert function_name(evaluation) == CONTROL_EVALUATION
        assert evaluation.endswith(original)
    assert control_task(task).program == task.program


def test_a_control_task_cannot_be_wrapped_twice(tasks: dict[str, Task]) -> None:
    with pytest.raises(ValueError, match="already wrapped"):
        control_task(control_task(tasks["1001"]))


def test_the_control_reference_passes_and_the_library_reference_cannot_run(
    tasks: dict[str, Task], evaluator: Evaluator
) -> None:
    derived = control_task(tasks["1001"])
    assert evaluator.evaluate(derived, control_reference("1001")).outcome is Outcome.SUCCESS
    library = evaluator.evaluate(derived, tasks["1001"].program)
    assert (library.outcome, library.error_type) == (Outcome.EXECUTION_ERROR, "TypeError")
    assert library.pairs[0].origin == "program"


def test_a_control_program_sees_no_library_name(tasks: dict[str, Task], evaluator: Evaluator) -> None:
    program = "def peek(world):\n    return find_employee('Marisol')\n"
    verdict = evaluator.evaluate(control_task(tasks["1001"]), program)
    assert (verdict.outcome, verdict.error_type) == (Outcome.EXECUTION_ERROR, "NameError")


def test_a_malformed_world_is_the_programs_execution_error_not_a_crash(
    tasks: dict[str, Task], evaluator: Evaluator
) -> None:
    program = "def block(world):\n    world.calendar.append({'subject': 'Focused writing', 'starts_at': '15:00', 'ends_at': '16:00'})\n"
    verdict = evaluator.evaluate(control_task(tasks["1001"]), program)
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type == "aspera_workbench.control.surface.ControlWorldError"
    assert "['starts_at']" in verdict.message
    # raised where the wrapper runs, inside the evaluation program's call of executable()
    assert verdict.pairs[0].origin == "evaluation"


@pytest.mark.parametrize(
    ("query_id", "pairs", "expected"),
    [
        # 1005's first world has no budget review with Ingrid (asking is right), its second has one
        ("1005", slice(0, 1), Outcome.SUCCESS),
        ("1005", slice(None), Outcome.HANDBACK_CONTROL),
        ("1001", slice(None), Outcome.HANDBACK_CONTROL),
    ],
)
def test_a_hand_back_is_judged_as_in_the_library_setting(
    tasks: dict[str, Task], evaluator: Evaluator, query_id: str, pairs: slice, expected: Outcome
) -> None:
    task = tasks[query_id]
    task = task.model_copy(
        update={
            "state_generation_programs": task.state_generation_programs[pairs],
            "evaluation_programs": task.evaluation_programs[pairs],
        }
    )
    program = "def ask(world):\n    raise world.RequiresUserInput('Which one?')\n"
    assert evaluator.evaluate(control_task(task), program).outcome is expected


def test_an_answer_reaches_the_evaluation_program_unchanged(tasks: dict[str, Task], evaluator: Evaluator) -> None:
    derived = control_task(tasks["1010"])
    assert evaluator.evaluate(derived, "def count(world):\n    return 5\n").outcome is Outcome.SUCCESS
    wrong = evaluator.evaluate(derived, "def count(world):\n    return '5'\n")
    assert wrong.outcome is Outcome.TASK_COMPLETION_ERROR
