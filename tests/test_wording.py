"""Counts read as English in the messages people see: one task, two tasks."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.wording import count
from aspera_workbench.cli.main import main
from aspera_workbench.llm.budget import SpendReport

MINI_RELEASE = Path(__file__).resolve().parent / "fixtures" / "mini_release"


def test_count_picks_the_grammatical_number() -> None:
    assert [count(n, "task") for n in (0, 1, 2)] == ["0 tasks", "1 task", "2 tasks"]
    assert count(1, "judgement") == "1 judgement"
    assert count(3, "query", "queries") == "3 queries"


def test_a_single_model_call_is_described_in_the_singular() -> None:
    line = SpendReport(requests_answered=1, attempts=1, unpriced_answers=1).describe()
    assert line.startswith("1 model call: 1 answered")
    assert "(1 request sent)" in line
    assert "spend unknown: 1 answered call, none of known cost" in line
    partly = SpendReport(requests_answered=2, attempts=2, unpriced_answers=1, cost_usd=0.01).describe()
    assert "(1 answer of unknown cost not included)" in partly


def test_an_audit_of_one_task_says_task(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["audit", "--tasks", str(MINI_RELEASE), "--limit", "1", "--per-kind", "1", "--max-variants", "1"]
    assert main([*args, "--no-progress", "--out", str(tmp_path / "audit.json")]) == 0
    assert "aspera audit: 1 task from" in capsys.readouterr().err
