"""On the project's own task set: the reference passes everything, doing nothing fails every action."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.agents import NoopAgent, ReferenceAgent
from aspera_core.executor import SandboxConfig
from aspera_core.records import Outcome, read_rows
from aspera_core.runner import run_agent
from aspera_core.tasks import Task, load_tasks

TASK_SET = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(TASK_SET)


def test_reference_succeeds_on_every_task(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "reference.jsonl"
    run_agent(tasks, ReferenceAgent(), out, SandboxConfig(timeout_s=20), progress=False)
    rows = read_rows(out)
    assert len(rows) == len(tasks)
    failures = {row.task_id: (row.outcome.value, row.message) for row in rows if row.outcome is not Outcome.SUCCESS}
    assert failures == {}


def test_noop_fails_every_task_whose_goal_is_an_action(tmp_path: Path, tasks: list[Task]) -> None:
    out = tmp_path / "noop.jsonl"
    run_agent(tasks, NoopAgent(), out, SandboxConfig(timeout_s=20), progress=False)
    outcome = {row.task_id: row.outcome for row in read_rows(out)}
    actions = [task.query_id for task in tasks if "action" in task.tags]
    assert actions, "the task set tags its action tasks"
    assert [task_id for task_id in actions if outcome[task_id] is Outcome.SUCCESS] == []
