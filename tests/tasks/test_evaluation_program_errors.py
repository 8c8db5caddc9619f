"""The outcome when the evaluation program itself raises on the candidate's return value.

A test task whose evaluation program reads ``report["total_minutes"]`` from
what the candidate returns. If the candidate returns something the check
cannot read (``None``, a dictionary without the key), the evaluation program
raises ``TypeError`` or ``KeyError`` itself: that is neither ``SolutionError``
nor ``AssertionError``, so the task's outcome is ``execution_error``, with the
exception's type, an origin of ``evaluation`` and a traceback through the
evaluation program (as the original evaluator, which classified by the
exception name, also did). docs/running.md documents this case.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from aspera_core.executor import Sandbox, SandboxConfig
from aspera_core.outcomes import ORIGIN_EVALUATION, Outcome
from aspera_core.tasks import Task, load_tasks

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"

EVALUATION = """\
def evaluate_meeting_report(query, executable, setup_function):
    setup_function()
    report = executable()
    if report["total_minutes"] != 135:
        raise SolutionError(f"expected 135 minutes, got {report['total_minutes']}")
"""

REFERENCE = """\
def meeting_report():
    return {"total_minutes": 135}
"""


@pytest.fixture(scope="module")
def task() -> Task:
    base = load_tasks(FIXTURE)[1]  # its setup program builds next week's meetings with Brigida
    return base.model_copy(update={"program": REFERENCE, "evaluation_programs": [EVALUATION]})


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Sandbox]:
    with Sandbox(SandboxConfig(workers=1, timeout_s=30)) as box:
        yield box


@pytest.mark.parametrize(
    ("returned", "outcome", "error_type"),
    [
        ('{"total_minutes": 135}', Outcome.SUCCESS, None),
        ('{"total_minutes": 90}', Outcome.TASK_COMPLETION_ERROR, "aspera_core.tools.checks.exceptions.SolutionError"),
        ("None", Outcome.EXECUTION_ERROR, "TypeError"),
        ("{}", Outcome.EXECUTION_ERROR, "KeyError"),
    ],
    ids=["right", "wrong-value", "none", "missing-key"],
)
def test_evaluation_program_raising_on_the_return_value(
    sandbox: Sandbox, task: Task, returned: str, outcome: Outcome, error_type: str | None
) -> None:
    program = f"def meeting_report():\n    return {returned}\n"
    verdict = sandbox.evaluate(task, program)
    assert verdict.outcome is outcome, verdict
    assert verdict.error_type == error_type
    if outcome is Outcome.EXECUTION_ERROR:
        (pair,) = verdict.pairs
        assert pair.origin == ORIGIN_EVALUATION
        assert "evaluate_meeting_report" in (verdict.traceback or "")
        assert 'report["total_minutes"]' in (verdict.traceback or "")
