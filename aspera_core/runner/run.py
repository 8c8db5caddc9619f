"""Running an agent over a task set: obtain programs, evaluate them, write one row each.

Obtaining a program and evaluating it are decoupled. Agents that wait on
something outside (a model endpoint) are called from a bounded pool of
threads (``concurrency``), and each program goes to the sandbox the moment it
is ready; built-in agents are called inline. Rows are appended to the results
file as each evaluation finishes. ``(task, seed)`` pairs that already have a
judged row are skipped, so re-running the same command after an interruption
resumes where it stopped; ``model_error`` rows (no program was obtained) are
asked again.

An agent may say which task its programs are evaluated on, by a method
``evaluation_task(task) -> Task`` (see :class:`~aspera_core.agents.Agent`):
the control setting's agents evaluate their programs on a wrapping of each
task that runs its own setup and evaluation programs in another world. Others
are evaluated on the task itself.
"""

from __future__ import annotations

import contextlib
import dataclasses
import queue
import sys
import threading
import uuid
import warnings
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from aspera_core.agents import Agent, ProgramUnavailable, Proposal, StopRun
from aspera_core.executor import Job, Sandbox, SandboxConfig, Verdict
from aspera_core.grading import Footprint, checked_verdict
from aspera_core.outcomes import Outcome
from aspera_core.records import (
    CHECKED_UNKNOWN,
    Experiment,
    PairDetail,
    ResultRow,
    ResultsWriter,
    completed_keys,
    now,
    results_file_for,
)
from aspera_core.runner.references import ReferenceFootprints
from aspera_core.tasks import Task, select_tasks, tasks_digest
from aspera_core.version import __version__

DEFAULT_CONCURRENCY = 8


class RunWarning(UserWarning):
    """A task was skipped: the agent had no program for it."""


class AgentFailed(RuntimeError):
    """The agent raised something other than the documented exceptions; the run stopped (rows already obtained were written)."""


@dataclass
class RunReport:
    """What a run did, with every denominator.

    Attributes:
        out: The results file written (after ``force_new``, possibly one beside the requested one).
        expected: ``selected * len(seeds)`` task-seed pairs.
        already_done: Pairs that already had a judged row (skipped).
        model_errors: Pairs with no program obtained in this run (``model_error`` rows; asked again on resume).
        unavailable: Task ids (with the seed, for seeded agents) the agent had no program for (skipped).
        counts: Outcome counts of the rows written in this run.
        checked: Checked-verdict counts of the same rows (``UNKNOWN`` where it could not be taken).
        stopped: Why the run stopped before the end (``StopRun``), with ``stop_advice`` if the agent gave one.
        cut_short: Pairs the agent was working on when it stopped the run: no row was written for them.
    """

    out: Path
    selected: int = 0
    seeds: list[int | None] = field(default_factory=lambda: [None])
    expected: int = 0
    already_done: int = 0
    evaluated: int = 0
    model_errors: int = 0
    unavailable: list[str] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    run_id: str = ""
    stopped: str | None = None
    stop_advice: str | None = None
    cut_short: int = 0
    checked: Counter[str] = field(default_factory=Counter)  # checked outcomes of the rows written (UNKNOWN: none)

    @property
    def remaining(self) -> int:
        """Pairs still without a judged row after this run."""
        return self.expected - self.already_done - self.evaluated - len(self.unavailable)

    @property
    def asked(self) -> int:
        """Pairs for which the agent was asked for a program in this run and answered or failed."""
        return self.evaluated + self.model_errors

    @property
    def not_attempted(self) -> int:
        """Pairs a stopped run never started (0 for a run that was not stopped)."""
        return self.remaining - self.model_errors - self.cut_short

    @property
    def no_program_obtained(self) -> bool:
        """The agent was asked and every pair ended as a ``model_error``: not one program was obtained."""
        return self.model_errors > 0 and self.evaluated == 0


def experiment_of(agent: Agent, tasks: Sequence[Task], task_set: str = "", library_fixes: bool = False) -> Experiment:
    """The experiment a run of ``agent`` on ``tasks`` belongs to (recorded in the results file)."""
    return Experiment(
        agent=agent.name,
        model=agent.model,
        setting=agent.setting,
        parameters=agent.parameters(),
        task_set=task_set,
        task_set_digest=tasks_digest(tasks),
        library_fixes=library_fixes,
        workbench_version=__version__,
    )


@dataclass(frozen=True)
class _Work:
    """One task and seed, and (once obtained) the agent's proposal for it."""

    task: Task
    seed: int | None
    started_at: str = ""
    proposal: Proposal | None = None


def make_row(
    work: _Work,
    agent: Agent,
    verdict: Verdict | None,
    run_id: str,
    library_fixes: bool = False,
    checked: tuple[str | None, list[str]] | None = None,
) -> ResultRow:
    """The result row of one task and seed; ``verdict`` is ``None`` for a proposal that failed before evaluation;
    ``checked``: the checked verdict and its reasons (``None``: not taken)."""
    task, proposal = work.task, work.proposal
    assert proposal is not None, "rows are made for obtained proposals"
    common: dict[str, Any] = dict(
        task_id=task.query_id,
        query=task.query,
        tags=tuple(task.tags),
        agent=agent.name,
        model=agent.model,
        setting=agent.setting,
        seed=work.seed,
        program=proposal.program,
        run_id=run_id,
        started_at=work.started_at,
        library_fixes=library_fixes,
        generation=proposal.generation,
        selection=proposal.selection,
        mutation=proposal.mutation,
        details=dict(proposal.details),
        pairs_total=len(task.pairs),
    )
    if verdict is None:
        failure = proposal.failure or Outcome.MODEL_ERROR
        return ResultRow(
            **common,
            outcome=failure,
            checked_outcome=failure.value,
            message=proposal.message,
            duration_s=0.0,
            pairs_run=0,
        )
    common["pairs_total"] = verdict.pairs_total
    return ResultRow(
        **common,
        outcome=verdict.outcome,
        error_type=verdict.error_type,
        message=verdict.message,
        traceback=verdict.traceback,
        duration_s=max(0.0, verdict.duration_s),
        pairs_run=verdict.pairs_run,
        pairs=tuple(
            PairDetail(
                index=pair.index,
                outcome=pair.outcome,
                origin=pair.origin,
                error_type=pair.error_type,
                message=pair.message,
            )
            for pair in verdict.pairs
        ),
        stdout=verdict.stdout,
        stderr=verdict.stderr,
        return_value=verdict.return_value,
        checked_outcome=None if checked is None else checked[0],
        checked_reasons=() if checked is None else tuple(checked[1]),
    )


#: How a row without a checked verdict is counted (as summaries count it).
UNKNOWN = CHECKED_UNKNOWN


@dataclass(frozen=True)
class _ReferenceRun:
    """The key of the job that takes a task's reference footprints."""

    task: Task


class _Checker:
    """Takes the checked verdict of each evaluated program: adds the reference runs a task needs, and holds a
    program's verdict back until its task's reference footprints are in."""

    def __init__(self, references: ReferenceFootprints, evaluated: dict[str, Task], todo: list[_Work]) -> None:
        self.references = references
        self.checked = {work.task.query_id for work in todo if evaluated[work.task.query_id] is work.task}
        self.evaluated = evaluated
        self.asked: set[str] = set()
        self.waiting: dict[str, list[tuple[_Work, Verdict]]] = {}

    def jobs(self, jobs: Iterable[Job]) -> Iterator[Job]:
        """``jobs`` with footprints asked for, and a reference run before the first program of a task without one."""
        for job in jobs:
            task = job.task
            if task.query_id not in self.checked:
                yield job
                continue
            if self.references.get(task) is None and task.query_id not in self.asked and job.program != task.program:
                self.asked.add(task.query_id)
                yield Job(task, task.program, key=_ReferenceRun(task), footprints=True)
            yield dataclasses.replace(job, footprints=True)

    def verdict(
        self, job: Job, verdict: Verdict
    ) -> Iterator[tuple[_Work, Verdict, tuple[str | None, list[str]] | None]]:
        """The rows a finished job completes: its own, or (for a reference run) those that waited for it."""
        task = job.task
        if isinstance(job.key, _ReferenceRun):
            self.references.put(task, verdict.footprints)
            for work, waiting in self.waiting.pop(task.query_id, []):
                yield work, waiting, self._checked(task, waiting)
            return
        if task.query_id not in self.checked:
            yield job.key, verdict, None
            return
        if job.program == task.program and self.references.get(task) is None:
            self.references.put(task, verdict.footprints)  # the reference itself: its footprints are the reference's
        if self.references.get(task) is None:
            self.waiting.setdefault(task.query_id, []).append((job.key, verdict))
            return
        yield job.key, verdict, self._checked(task, verdict)

    def leftovers(self) -> Iterator[tuple[_Work, Verdict, tuple[str | None, list[str]]]]:
        """Programs whose reference run never reported (the run was stopped): unchecked."""
        for task_id, waiting in self.waiting.items():
            for work, verdict in waiting:
                yield work, verdict, self._checked(self.evaluated[task_id], verdict)
        self.waiting.clear()

    def _checked(self, task: Task, verdict: Verdict) -> tuple[str | None, list[str]]:
        reference = self.references.get(task)
        try:
            footprints = [Footprint.from_json(item) for item in verdict.footprints]
        except (ValueError, TypeError):
            footprints = None
        return checked_verdict(verdict.outcome.value, footprints, reference, verdict.pairs_run)


class _NotStarted(StopRun):
    """A work item the run stopped before starting (the agent was never asked)."""


class _Producer:
    """Obtains proposals for a list of work items, inline or from a pool of daemon threads, as they are ready.

    Daemon threads, so that an interrupted run exits without waiting for requests in flight.
    """

    def __init__(self, agent: Agent, work: list[_Work], concurrency: int) -> None:
        self.agent = agent
        self.work = work
        self.concurrency = concurrency if getattr(agent, "blocking", True) else 1
        self.stop_reason: str | None = None
        self.stop_advice: str | None = None
        self._stop = threading.Event()
        self._todo: queue.SimpleQueue[_Work | None] = queue.SimpleQueue()
        self._done: queue.SimpleQueue[tuple[_Work, BaseException | None]] = queue.SimpleQueue()

    def _obtain(self, item: _Work) -> tuple[_Work, BaseException | None]:
        started = now()
        try:
            proposal = self.agent.propose(item.task, item.seed)
        except StopRun as error:
            if self.stop_reason is None:
                self.stop_reason = str(error) or "the agent stopped the run"
                self.stop_advice = error.advice
            self._stop.set()
            return item, error
        except Exception as error:  # noqa: BLE001 - ProgramUnavailable, or an agent's bug: reported by results()
            return item, error
        return _Work(item.task, item.seed, started, proposal), None

    def _thread(self) -> None:
        while (item := self._todo.get()) is not None:
            self._done.put(self._obtain(item) if not self._stop.is_set() else (item, _NotStarted()))

    def stop(self) -> None:
        """Start nothing new (proposals in flight still arrive)."""
        self._stop.set()

    def results(self) -> Iterator[tuple[_Work, BaseException | None]]:
        """Each work item with its proposal, or with the exception the agent raised, as they come."""
        if self.concurrency <= 1:
            for item in self.work:
                if self._stop.is_set():
                    return
                yield self._obtain(item)
            return
        for item in self.work:
            self._todo.put(item)
        threads = min(self.concurrency, len(self.work))
        for _ in range(threads):
            self._todo.put(None)
            threading.Thread(target=self._thread, name="aspera-agent", daemon=True).start()
        for _ in range(len(self.work)):
            while True:
                try:  # a timeout keeps Ctrl-C responsive while waiting
                    yield self._done.get(timeout=0.5)
                    break
                except queue.Empty:
                    continue


def run_agent(
    tasks: Sequence[Task],
    agent: Agent,
    out: str | Path,
    config: SandboxConfig | None = None,
    *,
    ids: Iterable[str] | None = None,
    limit: int | None = None,
    seeds: Sequence[int] | None = None,
    concurrency: int = DEFAULT_CONCURRENCY,
    task_set: str = "",
    library_fixes: bool = False,
    force_new: bool = False,
    resume_anyway: bool = False,
    progress: bool = True,
    fsync: bool = False,
    sandbox: Sandbox | None = None,
) -> RunReport:
    """Obtain ``agent``'s programs for the selected tasks, evaluate them, append one row each to ``out``.

    Args:
        out: The results file (appended to; pairs already in it are skipped).
        config: Sandbox limits (defaults: one worker per CPU, 10 s, 1 GiB).
        ids: Only these task ids; ``limit``: at most this many tasks (after ``ids``).
        seeds: Seeds to run for a seeded agent (default ``[0]``); ignored otherwise.
        concurrency: Proposals obtained at the same time (for agents that wait
            on a model; built-in agents are called one at a time).
        task_set: How the user named the task set (recorded, not compared).
        library_fixes: Evaluate with the library's documented fixes switched on
            (recorded in the file and every row; ``config.library_fixes`` is ignored).
        force_new: If ``out`` holds another experiment, write to the file beside
            it that :func:`~aspera_core.records.results_file_for` names.
        resume_anyway: Append even if ``out`` holds another experiment.
        progress: Show a progress bar (on stderr) with the live success count.
        fsync: ``fsync`` the file after every row.
        sandbox: A sandbox to evaluate in (left open; its ``library_fixes`` must
            match); by default one is made for the run and closed after it.

    An agent with a ``close()`` method is closed when the run ends, however it ends.

    Raises:
        ValueError: bad ``ids``, ``limit``, ``seeds`` or ``concurrency``, or no task selected.
        aspera_core.records.ResultsFileBusy: another run is writing to ``out``.
        aspera_core.records.NotAResultsFile: ``out`` exists and is not a results file.
        aspera_core.records.ExperimentMismatch: ``out`` holds another experiment.
        AgentFailed: the agent raised an undocumented exception.
        OSError: a file could not be written; the error names it. Rows obtained before were written.
    """
    selected = select_tasks(tasks, ids, limit)
    if not selected:
        raise ValueError("no task selected: the task set is empty or the selection matches nothing")
    if concurrency < 1:
        raise ValueError("concurrency must be at least 1")
    run_seeds: list[int | None] = list(seeds if seeds is not None else [0]) if agent.seeded else [None]
    if not run_seeds or len(set(run_seeds)) != len(run_seeds):
        raise ValueError("seeds must be a non-empty list without repeats")
    experiment = experiment_of(agent, tasks, task_set, library_fixes)
    config = config or SandboxConfig()
    # The values the agent's evaluation tasks hand its programs (the control setting's world) must cross.
    config = dataclasses.replace(config, library_fixes=library_fixes).registering(getattr(agent, "value_modules", ()))
    if sandbox is not None and sandbox.config.library_fixes != library_fixes:
        raise ValueError("the sandbox given and the run disagree on library_fixes")
    missing = sorted(set(config.value_modules) - set(sandbox.config.value_modules)) if sandbox is not None else []
    if missing:
        raise ValueError(f"the sandbox given does not register the value modules the run needs: {missing}")
    # A new file is started beside a results file only: anything else is refused, untouched.
    path = results_file_for(out, experiment) if force_new else Path(out)
    report = RunReport(out=path, selected=len(selected), seeds=run_seeds, run_id=uuid.uuid4().hex[:12])
    report.expected = len(selected) * len(run_seeds)
    try:
        with ResultsWriter(path, experiment, resume_anyway=resume_anyway, fsync=fsync) as writer:
            done = completed_keys(writer.existing)
            todo = [_Work(task, seed) for task in selected for seed in run_seeds if (task.query_id, seed) not in done]
            report.already_done = report.expected - len(todo)
            if todo:
                with contextlib.nullcontext(sandbox) if sandbox is not None else Sandbox(config) as used:
                    _evaluate(todo, agent, writer, used, report, library_fixes, concurrency, progress)
    finally:
        # Agents that hold resources (the explore agent's dry-run sandbox) release them with the run.
        close = getattr(agent, "close", None)
        if callable(close):
            close()
    return report


#: Up to this many skipped pairs are warned of one by one; more are summarised in one warning.
SKIPS_WARNED_EACH = 3


def _skip(report: RunReport, work: _Work, reason: str, skipped: list[tuple[str, str]]) -> None:
    label = work.task.query_id if work.seed is None else f"{work.task.query_id} (seed {work.seed})"
    report.unavailable.append(label)
    skipped.append((label, reason))


def _warn_skipped(report: RunReport, skipped: list[tuple[str, str]], todo: int) -> None:
    """Warn of the pairs skipped: one by one when they are few, else in one line with the first few."""
    if len(skipped) <= SKIPS_WARNED_EACH:
        for label, reason in skipped:
            warnings.warn(f"task {label}: skipped: {reason}", RunWarning, stacklevel=4)
        return
    shown = ", ".join(label for label, _ in skipped[:SKIPS_WARNED_EACH])
    more = len(skipped) - SKIPS_WARNED_EACH
    noun = "task(s)" if report.seeds == [None] else "task-seed pair(s)"
    warnings.warn(
        f"{len(skipped)} of {todo} {noun} skipped ({shown} and {more} more); the first: task {skipped[0][0]}: {skipped[0][1]}",
        RunWarning,
        stacklevel=4,
    )


def _evaluate(
    todo: list[_Work],
    agent: Agent,
    writer: ResultsWriter,
    sandbox: Sandbox,
    report: RunReport,
    library_fixes: bool,
    concurrency: int,
    progress: bool,
) -> None:
    skipped: list[tuple[str, str]] = []  # (task label, reason), warned of once the run ends
    # The task each program is evaluated on: the one the agent names (the control setting's
    # wrapping), or the task itself.
    evaluation_task = getattr(agent, "evaluation_task", None) or (lambda task: task)
    evaluated = {work.task.query_id: evaluation_task(work.task) for work in todo}
    # The checked verdict compares each program with the reference on the task it is evaluated on; a task the agent
    # wraps (the control setting's own world) is not checked: its program's changes reach the tables after the call.
    checker = _Checker(ReferenceFootprints.cached(evaluated.values(), library_fixes), evaluated, todo)
    bar = tqdm(total=len(todo), desc=agent.name, unit="program", disable=not progress, file=sys.stderr)
    producer = _Producer(agent, todo, concurrency)
    failure: list[AgentFailed | OSError] = []

    def record(row: ResultRow) -> None:
        writer.write(row)
        report.counts[row.outcome.value] += 1
        report.checked[row.checked_outcome or UNKNOWN] += 1
        bar.update(1)
        bar.set_postfix(success=report.counts[Outcome.SUCCESS.value], refresh=False)

    def jobs() -> Iterator[Job]:
        for work, error in producer.results():
            if isinstance(error, StopRun):
                report.cut_short += not isinstance(error, _NotStarted)
                continue
            if isinstance(error, ProgramUnavailable):
                _skip(report, work, str(error), skipped)
                bar.update(1)
            elif isinstance(error, OSError) and error.filename is not None:
                failure.append(error)  # a file the agent writes (a stored prompt) cannot be: say which
                producer.stop()
            elif error is not None:
                failure.append(AgentFailed(f"agent {agent.name} failed on task {work.task.query_id}: {error!r}"))
                failure[0].__cause__ = error
                producer.stop()
            elif work.proposal is not None and work.proposal.failure is not None:
                report.model_errors += work.proposal.failure is Outcome.MODEL_ERROR
                report.evaluated += work.proposal.failure is not Outcome.MODEL_ERROR
                record(make_row(work, agent, None, report.run_id, library_fixes))
            elif work.proposal is not None:
                yield Job(evaluated[work.task.query_id], work.proposal.program, key=work)

    try:
        sandbox.prepare(evaluated.values())
        for job, verdict in sandbox.run(checker.jobs(jobs())):
            for work, judged, checked in checker.verdict(job, verdict):
                record(make_row(work, agent, judged, report.run_id, library_fixes, checked))
                report.evaluated += 1
        for work, judged, checked in checker.leftovers():
            record(make_row(work, agent, judged, report.run_id, library_fixes, checked))
            report.evaluated += 1
    except BaseException:
        producer.stop()
        raise
    finally:
        checker.references.save()
        bar.close()
        _warn_skipped(report, skipped, len(todo))
    report.stopped = producer.stop_reason
    report.stop_advice = producer.stop_advice
    if failure:
        raise failure[0]
