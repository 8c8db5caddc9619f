"""Validating control programs: the project's set passes, planted problems are reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.executor import Evaluator, SandboxConfig
from aspera_core.tasks import load_tasks
from aspera_core.tasks.validation import format_table
from aspera_workbench.control.control_validation import validate_control_set, validate_control_with_sandbox

from .support import TASK_SET, small_set


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    # The project's control programs are written by us, so they may run in-process here.
    return Evaluator()


def test_every_task_of_the_project_passes_with_its_control_programs(evaluator: Evaluator) -> None:
    report = validate_control_set(TASK_SET, evaluate=evaluator.evaluate)
    assert report.ok, format_table(report)
    assert len(report.tasks) == len(load_tasks(TASK_SET))
    assert all(task.checks["reference"].status == "ok" for task in report.tasks)
    assert sum(task.wrong_total for task in report.tasks) >= 203
    # always asking fails every task, also those tagged "handback" (each has a world where the request can be
    # carried out, or checks the reason a hand-back must give)
    assert not [task.query_id for task in report.tasks if task.checks["handback"].detail == "success"]
    assert len([task for task in report.tasks if task.expects_handback]) == 15


def test_planted_problems_are_reported_per_task(tmp_path: Path, evaluator: Evaluator) -> None:
    root = small_set(tmp_path)
    control = root / "control"
    (control / "query_1001.py").unlink()
    # a "wrong" program that is in fact right
    reference = (control / "query_1010.py").read_text().split("\n", 1)[1]
    with (control / "wrong" / "query_1010.py").open("a") as wrong:
        wrong.write("\n\n# Wrong: nothing, it is the reference\n" + reference)
    # a reference that does nothing
    (control / "query_1005.py").write_text("def move(world):\n    return None\n")
    (control / "query_9999.py").write_text("def stray(world):\n    return None\n")

    report = validate_control_set(root, evaluate=evaluator.evaluate)
    problems = {task.query_id: task.problems for task in report.tasks}
    assert problems["1001"] == ["parse: no control program (control/query_1001.py)"]
    assert len(problems["1005"]) == 1 and problems["1005"][0].startswith("reference: expected to pass")
    assert len(problems["1010"]) == 1
    assert problems["1010"][0].startswith("wrong: control/wrong/query_1010.py:")
    assert problems["1010"][0].endswith("(nothing, it is the reference) passes the task")
    assert report.problems == ["control/query_9999.py: there is no task 9999"]
    assert not report.ok


def test_validation_runs_control_programs_in_the_sandbox(tmp_path: Path) -> None:
    report = validate_control_with_sandbox(small_set(tmp_path), config=SandboxConfig(workers=2, timeout_s=30))
    assert report.ok, format_table(report)
    assert [task.checks["reference"].status for task in report.tasks] == ["ok", "ok", "ok"]
