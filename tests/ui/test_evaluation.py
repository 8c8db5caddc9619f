"""``ProgramRunner``, the sandboxes the explorer and the tour evaluate programs in (issue 39)."""

from __future__ import annotations

from pathlib import Path

from aspera_core.executor import Outcome
from aspera_core.tasks import load_tasks
from aspera_workbench.control import control_task
from aspera_workbench.ui.evaluation import ProgramRunner

TASK_SET = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"


def test_a_control_task_runs_with_its_world_crossing_as_itself() -> None:
    """A control program is handed the control world: its sandbox must register the control setting's value
    modules, or the world crosses as an opaque value (and its judge cannot import the control surface at all)."""
    task = load_tasks(TASK_SET)[0]
    program = (TASK_SET / "control" / f"query_{task.query_id}.py").read_text("utf-8")
    with ProgramRunner(timeout_s=10.0, workers=1) as runner:
        verdict, reference = runner.evaluate(control_task(task, program), program)
        library, _ = runner.evaluate(task, task.program, with_reference=False)
    assert verdict.outcome is Outcome.SUCCESS, (verdict.error_type, verdict.message)
    assert reference is not None and reference.outcome is Outcome.SUCCESS
    assert verdict.world and verdict.world[0]["before"]["employees"]  # (the world around its call, for the views)
    assert library.outcome is Outcome.SUCCESS
