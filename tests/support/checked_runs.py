"""Results files whose checked verdicts are known, for the tests of where the checked verdict shows.

The tasks are the hand-made ones of tests/grading/test_checked_verdict.py (evaluation programs weak on
purpose). Replayed programs give, per task: ``9101`` side_effect (an extra lunch), ``9102`` success (a series
for single events), ``9103`` success (an update in place), ``9104`` over_inclusive (an answer listing
everyone). The evaluation program accepts all four.
"""

from __future__ import annotations

import json
from pathlib import Path

from aspera_core.agents import ReplayAgent
from aspera_core.executor import SandboxConfig
from aspera_core.records import AuditedSubset, read_results
from aspera_core.runner import run_agent
from aspera_core.tasks import Task, tasks_digest, write_tasks
from tests.audit.support import code
from tests.grading.test_checked_verdict import (
    BOOK,
    BOOK_AND_LUNCH,
    MANAGER,
    MANAGER_EVERYTHING,
    MOVE,
    MOVE_IN_PLACE,
    WEEKLY,
    WEEKLY_SERIES,
)

TASKS: list[Task] = [BOOK, WEEKLY, MOVE, MANAGER]
PROGRAMS = {
    BOOK.query_id: BOOK_AND_LUNCH,
    WEEKLY.query_id: WEEKLY_SERIES,
    MOVE.query_id: MOVE_IN_PLACE,
    MANAGER.query_id: MANAGER_EVERYTHING,
}
CHECKED = {"9101": "side_effect", "9102": "success", "9103": "success", "9104": "over_inclusive"}


def write_task_set(folder: Path) -> Path:
    """The four tasks as a release folder."""
    write_tasks(TASKS, folder)
    return folder


def checked_run(folder: Path, name: str = "replayed") -> Path:
    """A results file of the replayed programs on the four tasks (every row checked)."""
    replay = folder / f"{name}-programs.jsonl"
    replay.write_text("".join(json.dumps({"task_id": i, "program": code(p)}) + "\n" for i, p in PROGRAMS.items()))
    out = folder / f"{name}.jsonl"
    run_agent(TASKS, ReplayAgent(replay), out, SandboxConfig(workers=1, timeout_s=10), progress=False)
    return out


def without_checked_fields(path: Path, out: Path, model: str | None = None) -> Path:
    """A copy of a results file as written before the checked verdict existed (the fields left out of each row);
    ``model`` names another model in it, so that tables keep it apart from the original."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    if model is not None:
        header["experiment"]["model"] = model
    kept = [json.dumps(header)]
    for line in lines[1:]:
        row = json.loads(line)
        row.pop("checked_outcome", None)
        row.pop("checked_reasons", None)
        if model is not None:
            row["model"] = model
        kept.append(json.dumps(row))
    out.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return out


def subset_of(
    task_ids: tuple[str, ...], audited: tuple[str, ...] | None = None, digest: str | None = None
) -> AuditedSubset:
    """An audited subset of the four tasks (all audited unless said)."""
    return AuditedSubset(
        task_set="hand-made",
        task_set_digest=digest or tasks_digest(TASKS),
        audited=audited or tuple(task.query_id for task in TASKS),
        task_ids=task_ids,
    )


def experiment_digest(path: Path) -> str:
    experiment = read_results(path).experiment
    assert experiment is not None
    return experiment.task_set_digest
