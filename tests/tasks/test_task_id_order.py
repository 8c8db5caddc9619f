"""One order of task ids wherever the workbench lists them (issue 39): numbers by value, then anything else by text.

A valid task set has only numbers, but a results file, a broken record or a stray file may name anything: the
summary, the validation report and the audit's weakest tasks put such ids first (as 0) and crashed on a digit
``int`` cannot read (``²``), while a loaded task set put them last.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aspera_core.records import ResultRow, summarize
from aspera_core.tasks import task_id_order
from aspera_core.tasks.validation import validate_task_set
from aspera_workbench.audit import AuditReport, TaskAudit, VariantResult
from tests.tasks.test_validate_logic import BASELINES, MINI, scripted, steady_world

# Numbers, text, a superscript digit and Arabic-Indic digits (``str.isdigit`` says yes to both).
IDS = ["10", "x", "9", "²", "1001", "١٢"]
ORDERED = ["9", "10", "1001", "x", "²", "١٢"]


def test_the_order() -> None:
    assert sorted(IDS, key=task_id_order) == ORDERED


def row(task_id: str) -> ResultRow:
    fields = {"query": "q", "agent": "reference", "program": "def f():\n    pass\n", "outcome": "success"}
    return ResultRow(task_id=task_id, duration_s=0.01, pairs_run=1, **fields)


def test_the_summary_lists_tasks_in_that_order() -> None:
    assert summarize([row(task_id) for task_id in IDS], selected=["1"])["unselected_tasks"] == ORDERED
    assert summarize([row("1")], selected=["1", *IDS])["missing_tasks"] == ORDERED


@pytest.mark.parametrize("odd", ["x9", "²"])
def test_the_validation_report_lists_tasks_in_that_order(tmp_path: Path, odd: str) -> None:
    shutil.copytree(MINI / "plans", tmp_path / "plans")
    shard = tmp_path / "plans" / "queries_001.nt"
    shard.write_text(shard.read_text().replace("query_id: 9003", f"query_id: {odd}"))
    report = validate_task_set(
        tmp_path, evaluate=scripted({}), run_setup=steady_world, baselines=BASELINES, require_wrong=False
    )
    assert [task.query_id for task in report.tasks] == ["9001", "9002", "9004", odd]


def test_the_audits_weakest_tasks_tie_in_that_order() -> None:
    flagged = VariantResult("drop_action", "generated", "a change", "def f():\n    pass\n", "fail", "pass",
                            "success", None, None, "flagged")  # fmt: skip
    report = AuditReport(tasks=tuple(TaskAudit(task_id, "Hey", 1, (flagged,)) for task_id in IDS))
    assert [task.task_id for task in report.weakest()] == ORDERED
