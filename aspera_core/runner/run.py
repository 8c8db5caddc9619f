"""Running an agent over a task set: evaluate each program, write one row per task.

Rows are appended to the results file as each evaluation finishes. Tasks that
already have a row are skipped, so re-running the same command after an
interruption resumes where it stopped; at most the tasks being evaluated when
the run was killed are lost (and evaluated again on resume).
"""

from __future__ import annotations

import datetime
import sys
import uuid
import warnings
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tqdm import tqdm

from aspera_core.agents import Agent, ProgramUnavailable
from aspera_core.executor import Job, Outcome, Sandbox, SandboxConfig, Verdict
from aspera_core.records import ResultRow, ResultsWriter, completed_ids
from aspera_core.tasks import Task

# A monitor thread would be running when the sandbox forks its fork server.
tqdm.monitor_interval = 0


class RunWarning(UserWarning):
    """A task was skipped (the agent had no program for it, or the task cannot be evaluated)."""


@dataclass
class RunReport:
    """What a run did.

    Attributes:
        selected: Tasks selected by ``ids``/``limit``.
        already_done: Selected tasks that already had a row (skipped).
        evaluated: Tasks evaluated and written in this run.
        unavailable: Tasks skipped because the agent had no program for them.
        counts: Outcome counts of the rows written in this run.
        run_id: Identifier stored in the rows of this run.
    """

    selected: int = 0
    already_done: int = 0
    evaluated: int = 0
    unavailable: list[str] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    run_id: str = ""


def select_tasks(tasks: Sequence[Task], ids: Iterable[str] | None = None, limit: int | None = None) -> list[Task]:
    """Tasks to run, in the given order: those with one of ``ids`` (all if ``None``), at most ``limit``.

    Args:
        tasks: All tasks.
        ids: Task ids to keep.
        limit: Keep only the first ``limit`` tasks after filtering.

    Returns:
        The selected tasks.

    Raises:
        ValueError: an id is not in the task set, or ``limit`` is negative.
    """
    selected = list(tasks)
    if ids is not None:
        wanted = [str(i) for i in ids]
        known = {task.query_id for task in tasks}
        missing = [i for i in wanted if i not in known]
        if missing:
            raise ValueError(f"unknown task id(s): {', '.join(missing)}")
        keep = set(wanted)
        selected = [task for task in selected if task.query_id in keep]
    if limit is not None:
        if limit < 0:
            raise ValueError("limit must not be negative")
        selected = selected[:limit]
    return selected


def make_row(task: Task, agent: Agent, program: str, verdict: Verdict, run_id: str, started_at: str) -> ResultRow:
    """The result row of one evaluation.

    Args:
        task: The task.
        agent: The agent that wrote the program.
        program: The program as evaluated.
        verdict: The executor's verdict.
        run_id: The run's identifier.
        started_at: When the evaluation started (ISO 8601, UTC).

    Returns:
        The row.
    """
    return ResultRow(
        task_id=task.query_id,
        query=task.query,
        agent=agent.name,
        model=agent.model,
        seed=agent.seed,
        program=program,
        outcome=verdict.outcome,
        error_type=verdict.error_type,
        message=verdict.message,
        traceback=verdict.traceback,
        duration_s=max(0.0, verdict.duration_s),
        pairs_run=verdict.pairs_run,
        pairs_total=verdict.pairs_total,
        run_id=run_id,
        started_at=started_at,
        stdout=verdict.stdout,
        stderr=verdict.stderr,
        return_value=verdict.return_value,
        tags=tuple(task.tags),
    )


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


def run_agent(
    tasks: Sequence[Task],
    agent: Agent,
    out: str | Path,
    config: SandboxConfig | None = None,
    ids: Iterable[str] | None = None,
    limit: int | None = None,
    progress: bool = True,
    fsync: bool = False,
) -> RunReport:
    """Evaluate ``agent`` on the selected tasks and append one row per task to ``out``.

    Args:
        tasks: The task set.
        agent: The agent.
        out: The results file (appended to; tasks already in it are skipped).
        config: Sandbox limits (defaults: one worker per CPU, 10 s, 1 GiB).
        ids: Only these task ids.
        limit: At most this many tasks (after ``ids``).
        progress: Show a progress bar (on stderr) with the live success count.
        fsync: ``fsync`` the file after every row.

    Returns:
        What the run did.

    Raises:
        ValueError: bad ``ids`` or ``limit``.
        aspera_core.records.ResultsFileBusy: another run is writing to ``out``.
    """
    selected = select_tasks(tasks, ids, limit)
    report = RunReport(selected=len(selected), run_id=uuid.uuid4().hex[:12])
    with ResultsWriter(out, fsync=fsync) as writer:
        done = completed_ids(out)
        todo = [task for task in selected if task.query_id not in done]
        report.already_done = len(selected) - len(todo)
        if not todo:
            return report
        with Sandbox(config) as sandbox:
            sandbox.prepare(todo)
            bar = tqdm(total=len(todo), desc=f"{agent.name}", unit="task", disable=not progress, file=sys.stderr)
            try:
                for job, verdict in sandbox.run(_jobs(todo, agent, report)):
                    task, program, started_at = job.key
                    writer.write(make_row(task, agent, program, verdict, report.run_id, started_at))
                    report.evaluated += 1
                    report.counts[verdict.outcome.value] += 1
                    bar.update(1)
                    bar.set_postfix(success=report.counts[Outcome.SUCCESS.value], refresh=False)
            finally:
                bar.close()
    return report


def _jobs(tasks: Sequence[Task], agent: Agent, report: RunReport) -> Iterator[Job]:
    for task in tasks:
        if len(task.state_generation_programs) != len(task.evaluation_programs) or not task.evaluation_programs:
            warnings.warn(
                f"task {task.query_id}: needs matching, non-empty SIP and EP lists; skipped", RunWarning, stacklevel=2
            )
            report.unavailable.append(task.query_id)
            continue
        try:
            program = agent.program(task)
        except ProgramUnavailable as error:
            warnings.warn(f"task {task.query_id}: skipped: {error}", RunWarning, stacklevel=2)
            report.unavailable.append(task.query_id)
            continue
        yield Job(task, program, key=(task, program, _now()))
