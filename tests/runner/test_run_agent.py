"""Running agents over task sets: rows, selection, resume and replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.agents import NoopAgent, ReferenceAgent, ReplayAgent
from aspera_core.executor import SandboxConfig
from aspera_core.records import Outcome, read_rows
from aspera_core.runner import RunWarning, run_agent, select_tasks
from aspera_core.tasks import Task, load_tasks

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
CONFIG = SandboxConfig(workers=2, timeout_s=5)


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(MINI_RELEASE)


def test_reference_rows(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "reference.jsonl"
    report = run_agent(tasks, ReferenceAgent(), out, CONFIG, progress=False)
    rows = read_rows(out)
    assert report.evaluated == 4 and report.counts == {"success": 4}
    assert sorted(row.task_id for row in rows) == ["9001", "9002", "9003", "9004"]
    by_id = {row.task_id: row for row in rows}
    for task in tasks:
        row = by_id[task.query_id]
        assert row.outcome is Outcome.SUCCESS
        assert (row.query, row.program, row.agent, row.model, row.seed) == (
            task.query,
            task.program,
            "reference",
            None,
            None,
        )
        assert row.tags == tuple(task.tags)
        assert (row.pairs_run, row.pairs_total) == (1, 1)
        assert row.run_id == report.run_id and row.started_at.endswith("+00:00")
    assert by_id["9002"].return_value == "135"


def test_resume_skips_tasks_already_in_the_file(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "noop.jsonl"
    first = run_agent(tasks, NoopAgent(), out, CONFIG, limit=2, progress=False)
    second = run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    third = run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    assert (first.evaluated, second.evaluated, second.already_done, third.evaluated) == (2, 2, 2, 0)
    rows = read_rows(out)
    assert sorted(row.task_id for row in rows) == ["9001", "9002", "9003", "9004"]
    assert all(row.outcome is Outcome.TASK_COMPLETION_ERROR for row in rows)
    assert len({row.run_id for row in rows}) == 2


def test_resume_after_a_cut_off_row(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "noop.jsonl"
    run_agent(tasks, NoopAgent(), out, CONFIG, ids=["9001", "9002"], progress=False)
    text = out.read_text()
    out.write_text(text[: len(text) - 30])  # the run was killed while writing 9002's row
    with pytest.warns(UserWarning, match="cut-off"):
        run_agent(tasks, NoopAgent(), out, CONFIG, progress=False)
    ids = [row.task_id for row in read_rows(out)]
    assert sorted(ids) == ["9001", "9002", "9003", "9004"]


def test_selection(tasks: list[Task]) -> None:
    assert [t.query_id for t in select_tasks(tasks, ids=["9003", "9001"])] == ["9001", "9003"]
    assert [t.query_id for t in select_tasks(tasks, limit=3)] == ["9001", "9002", "9003"]
    assert [t.query_id for t in select_tasks(tasks, ids=["9004", "9002"], limit=1)] == ["9002"]
    with pytest.raises(ValueError, match="unknown task id"):
        select_tasks(tasks, ids=["1"])
    with pytest.raises(ValueError):
        select_tasks(tasks, limit=-1)


def test_replay_reproduces_the_outcomes(tmp_path: Path, tasks: list[Task]) -> None:
    first = tmp_path / "first.jsonl"
    run_agent(tasks, ReferenceAgent(), first, CONFIG, ids=["9001", "9003"], progress=False)
    run_agent(tasks, NoopAgent(), first, CONFIG, ids=["9002"], progress=False)
    replayed = tmp_path / "replayed.jsonl"
    with pytest.warns(RunWarning, match="9004"):
        report = run_agent(tasks, ReplayAgent(first), replayed, CONFIG, progress=False)
    assert report.unavailable == ["9004"]
    before = {row.task_id: (row.program, row.outcome) for row in read_rows(first)}
    after = {row.task_id: (row.program, row.outcome) for row in read_rows(replayed)}
    assert after == before
    assert {row.agent for row in read_rows(replayed)} == {"replay"}
