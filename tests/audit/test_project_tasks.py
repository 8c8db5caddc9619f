"""The audit over the project's own task set: every evaluation program accepts the correct and rejects the wrong.

To keep the suite fast this runs one variant of each kind per task and then
five of those per task (chosen with a fixed seed), so that every kind is
judged on many tasks, plus the solutions of the set's ``alternatives/``
folder (written apart from the reference programs, each declared correct or
wrong); the hand-written wrong programs are left to ``aspera validate``,
which the suite runs too. ``aspera audit --per-kind all`` runs everything
(see data/README.md for its numbers).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.executor import Sandbox, SandboxConfig
from aspera_core.tasks import load_tasks
from aspera_workbench.audit import AuditConfig, AuditReport, audit_tasks, format_report, load_alternatives
from aspera_workbench.variants import KINDS

TASK_SET = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"


@pytest.fixture(scope="module")
def report() -> AuditReport:
    tasks = load_tasks(TASK_SET)
    alternatives = load_alternatives(TASK_SET / "alternatives")
    with Sandbox(SandboxConfig(workers=2, timeout_s=20)) as sandbox:
        config = AuditConfig(per_kind=1, max_variants=5, seed=0)
        return audit_tasks(tasks, sandbox, config, alternatives=alternatives)


def test_no_evaluation_program_of_the_set_is_flagged(report: AuditReport) -> None:
    assert report.flagged == 0, format_report(report, per_task=False)
    assert len(report.tasks) == 84
    assert not [problem for task in report.tasks for problem in task.problems]


def test_every_kind_is_judged_on_the_set(report: AuditReport) -> None:
    judged = {row.kind for row in report.kinds() if row.rate.judged}
    assert set(KINDS) <= judged
    assert report.rate("pass").judged > 250 and report.rate("fail").judged > 250


def test_the_trivial_agents_fail_every_task(report: AuditReport) -> None:
    # Also the tasks tagged "handback": each has a world where the request can be carried out, or (1007, whose
    # request no world can make possible) checks that the hand-back gives the reason the request makes necessary.
    handback_tasks = {task.query_id for task in load_tasks(TASK_SET) if "handback" in task.tags}
    assert len(handback_tasks) == 15
    for task in report.tasks:
        for kind in ("noop", "handback"):
            [result] = [v for v in task.variants if v.kind == kind]
            assert (result.expected, result.actual) == ("fail", "fail"), (task.task_id, kind, result.message)


def test_the_alternative_solutions_are_judged_as_declared(report: AuditReport) -> None:
    declared = {"alternative_correct": "pass", "alternative_wrong": "fail"}
    results = [v for task in report.tasks for v in task.variants if v.kind in declared]
    assert {v.kind for v in results} == set(declared)
    assert len(results) == sum(len(found) for found in load_alternatives(TASK_SET / "alternatives").values())
    misjudged = [(v.kind, v.description, v.message) for v in results if v.actual != declared[v.kind]]
    assert not misjudged
