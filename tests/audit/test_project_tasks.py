"""The audit over the project's own task set: every evaluation program accepts the correct and rejects the wrong.

To keep the suite fast this runs one variant of each kind per task and then
five of those per task (chosen with a fixed seed), so that every kind is
judged on many tasks; the hand-written wrong programs are left to
``aspera validate``, which the suite runs too. ``aspera audit --per-kind all``
runs everything (see data/README.md for its numbers).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.executor import Sandbox, SandboxConfig
from aspera_core.tasks import load_tasks
from aspera_workbench.audit import AuditConfig, AuditReport, audit_tasks, format_report
from aspera_workbench.variants import KINDS

TASK_SET = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"


@pytest.fixture(scope="module")
def report() -> AuditReport:
    tasks = load_tasks(TASK_SET)
    with Sandbox(SandboxConfig(workers=2, timeout_s=20)) as sandbox:
        return audit_tasks(tasks, sandbox, AuditConfig(per_kind=1, max_variants=5, seed=0))


def test_no_evaluation_program_of_the_set_is_flagged(report: AuditReport) -> None:
    assert report.flagged == 0, format_report(report, per_task=False)
    assert len(report.tasks) == 84
    assert not [problem for task in report.tasks for problem in task.problems]


def test_every_kind_is_judged_on_the_set(report: AuditReport) -> None:
    judged = {row.kind for row in report.kinds() if row.rate.judged}
    assert set(KINDS) <= judged
    assert report.rate("pass").judged > 250 and report.rate("fail").judged > 250
    # the hand-back baseline must pass exactly on the tasks tagged "handback"
    tags = {task.query_id: task.tags for task in load_tasks(TASK_SET)}
    for task in report.tasks:
        [handback] = [v for v in task.variants if v.kind == "handback"]
        assert (handback.expected == "pass") == ("handback" in tags[task.task_id]), task.task_id
