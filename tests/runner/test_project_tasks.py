"""On the project's own task set: the reference passes everything, the trivial agents (doing nothing, always asking) fail everything."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.agents import HandbackAgent, NoopAgent, ReferenceAgent
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


@pytest.mark.parametrize("agent", [NoopAgent(), HandbackAgent()], ids=["noop", "handback"])
def test_the_trivial_agents_fail_every_task(tmp_path: Path, tasks: list[Task], agent) -> None:
    # the hand-back tasks too: each has a world where the request can be carried out (1007, which no world can
    # make possible, checks the reason the hand-back gives)
    out = tmp_path / "trivial.jsonl"
    run_agent(tasks, agent, out, SandboxConfig(timeout_s=20), progress=False)
    rows = read_rows(out)
    assert len(rows) == len(tasks)
    assert [row.task_id for row in rows if row.outcome is Outcome.SUCCESS] == []
