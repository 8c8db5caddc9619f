"""Asking a model whether programs satisfy their requests, without running them.

:func:`judge_results` appends one judgement per program of a results file to a
judgements file, resuming where an earlier run stopped. A request that fails after its
retries gives a ``not_judged`` judgement that a resumed run asks again; an answer
without a readable verdict one that is final (the cache would give the same answer);
a setup error or the spending limit stops the run cleanly, the answers in flight written.
"""

from __future__ import annotations

import concurrent.futures
import datetime
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tqdm import tqdm

from aspera_core.records import Generation, ResultRow, counted_rows, judged, read_results
from aspera_core.tasks import Task, select_by_task_id, task_id_order, tasks_digest
from aspera_workbench.agents import PromptStore, RequestTally, prompt_digest
from aspera_workbench.control import CONTROL_SETTING
from aspera_workbench.judge.files import JudgementsWriter, answered_keys
from aspera_workbench.judge.judge_prompts import DEFAULT_APPS, JudgePromptFiles, judge_messages, parse_verdict
from aspera_workbench.judge.judgement_schema import Judgement, JudgeSetup, JudgeVerdict, program_digest
from aspera_workbench.llm import BudgetExceededError, Completion, DaemonPool, LLMClient, LLMRequestError, LLMSetupError

#: Programs judged at once by default (requests in flight).
DEFAULT_CONCURRENCY = 4


class JudgeStopped(Exception):
    """No further request can succeed (key refused, model unknown, spending limit): stop judging."""


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


class ProgramJudge:
    """A model that judges programs against their requests, one request per program.

    The client's model, temperature, seed and length cap are the judge's; ``prompts`` keeps
    each distinct prompt (default: only its digest is recorded).
    """

    def __init__(self, client: LLMClient, files: JudgePromptFiles | None = None, prompts: PromptStore | None = None):
        self.client = client
        self.files = files or JudgePromptFiles.load()
        self.prompts = prompts

    def setup(self) -> JudgeSetup:
        config = self.client.config
        return JudgeSetup(
            model=config.model,
            template_version=self.files.version,
            temperature=config.temperature,
            max_tokens=config.max_tokens,
            seed=config.seed,
            base_url=config.endpoint,
        )

    def _generation(self, digest: str, completion: Completion | None, error: str | None) -> Generation:
        tally = RequestTally()
        if completion is not None:
            tally.add(completion)
        return tally.generation(self.files.version, digest, None if completion is None else completion.text, error)

    def judge(self, row: ResultRow, apps: Sequence[str] = DEFAULT_APPS) -> Judgement:
        """Ask whether the row's program carries out its request, documenting ``apps`` (the scenario's).

        Raises:
            JudgeStopped: a setup error (key, model, endpoint, quota) or the spending limit.
        """
        messages = judge_messages(self.files, row.query, row.program, apps)
        digest = self.prompts.put(messages) if self.prompts is not None else prompt_digest(messages)
        common = {
            "task_id": row.task_id,
            "seed": row.seed,
            "query": row.query,
            "agent": row.agent,
            "model": row.model,
            "setting": row.setting,
            "program_sha256": program_digest(row.program),
            "evaluation": row.outcome,
        }
        try:
            completion = self.client.complete(messages)
        except (BudgetExceededError, LLMSetupError) as error:
            raise JudgeStopped(str(error)) from error
        except LLMRequestError as error:
            return Judgement(
                **common,
                verdict=JudgeVerdict.NOT_JUDGED,
                problem=f"the request failed: {error}",
                generation=self._generation(digest, None, str(error)),
                judged_at=_now(),
            )
        parsed = parse_verdict(completion.text)
        return Judgement(
            **common,
            verdict=parsed.verdict,
            explanation=parsed.explanation,
            problem=parsed.problem,
            generation=self._generation(digest, completion, None),
            judged_at=_now(),
        )


@dataclass
class JudgeReport:
    """What a judging run did, with every denominator.

    ``rows`` count one per task and seed; ``programs`` are those with a program; ``selected``
    those ``ids``/``limit`` chose; ``failed_requests`` judgements without an answer (asked
    again on resume); ``stopped`` why the run ended early.
    """

    out: Path
    rows: int = 0
    programs: int = 0
    selected: int = 0
    already_done: int = 0
    written: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    failed_requests: int = 0
    notes: list[str] = field(default_factory=list)
    stopped: str | None = None

    @property
    def remaining(self) -> int:
        """Selected programs still without an answered judgement."""
        return self.selected - self.already_done - (self.written - self.failed_requests)


def _apps_by_task(tasks: Sequence[Task] | None) -> Mapping[str, tuple[str, ...]] | None:
    if tasks is None:
        return None
    return {task.query_id: tuple(task.scenario.apps) for task in tasks}


def documented_apps(tasks: Sequence[Task] | None) -> str:
    """What :attr:`JudgeSetup.documented_apps` records for judging with ``tasks`` (or without a task set)."""
    if tasks is None:
        return f"{', '.join(DEFAULT_APPS)} for every program"
    return f"each task's scenario apps from the task set with digest {tasks_digest(tasks)}"


def judge_results(
    results: str | Path,
    out: str | Path,
    judge: ProgramJudge,
    *,
    tasks: Iterable[Task] | None = None,
    ids: Iterable[str] | None = None,
    limit: int | None = None,
    concurrency: int = DEFAULT_CONCURRENCY,
    progress: bool = False,
    fsync: bool = False,
    started: Callable[[JudgeReport], None] | None = None,
) -> JudgeReport:
    """Judge every program of a results file, appending to (or resuming) a judgements file.

    Each counted row (:func:`aspera_core.records.counted_rows`) with a program is judged once;
    one the judge already answered for in ``out`` is skipped.

    Args:
        results: The results file whose programs are judged.
        out: The judgements file (created, or resumed).
        judge: The judge.
        tasks: The task set of the results, for each task's scenario apps (without it,
            every program is shown :data:`~aspera_workbench.judge.judge_prompts.DEFAULT_APPS`).
        ids: Judge only the programs of these task ids.
        limit: Judge only the programs of the first this many tasks in id order (after ``ids``).
        concurrency: Requests in flight at once.
        progress: Show a progress bar.
        fsync: ``fsync`` the judgements file after every judgement.
        started: Called with the report once every check has passed, before the first
            request, so that a refused run prints nothing but its error.

    Raises:
        FileNotFoundError: ``results`` does not exist.
        aspera_core.records.NotAResultsFile: ``results`` is not a results file.
        NotAJudgementsFile: ``out`` exists and is not a judgements file (untouched).
        JudgementsMismatch: ``out`` holds another judge's or experiment's judgements, or
            judgements whose prompts documented other modules (with or without a task set,
            or another one; untouched).
        JudgementsFileBusy: another process is writing ``out``.
        ValueError: ``concurrency`` < 1, ``limit`` < 0, an id has no program, or the
            programs are of the control setting (written against another API than the one
            the judge's prompt documents).
    """
    if concurrency < 1:
        raise ValueError(f"concurrency must be at least 1, got {concurrency}")
    read = read_results(results)
    if any(row.setting == CONTROL_SETTING for row in read.rows):
        # The judge's prompt documents the assistant library; a control program is written
        # against the control surface instead, so the judge would read it against the wrong API.
        raise ValueError(
            f"{results} holds programs of the control setting; the judge reads programs written "
            "against the assistant library only"
        )
    counted = counted_rows(read.rows)
    with_program = [row for row in counted if judged(row) and row.program.strip()]
    selected = select_by_task_id(
        with_program,
        lambda row: row.task_id,
        ids,
        limit,
        lambda missing: f"no program of task(s) {', '.join(sorted(set(missing), key=task_id_order))} in {results}",
        order=task_id_order,  # rows come in completion order; the limit counts tasks as the task set orders them
    )
    task_list = None if tasks is None else list(tasks)
    apps = _apps_by_task(task_list)
    report = JudgeReport(out=Path(out), rows=len(counted), programs=len(with_program), selected=len(selected))
    if apps is not None:
        unknown = sorted({row.task_id for row in selected if row.task_id not in apps}, key=task_id_order)
        if unknown and len(unknown) == len({row.task_id for row in selected}):
            raise ValueError(
                f"none of the {len(unknown)} task(s) of {results} is in the task set: the results were produced "
                "on another set (name that one, or judge without a task set)"
            )
        if unknown:
            shown = ", ".join(unknown[:10]) + (" ..." if len(unknown) > 10 else "")
            report.notes.append(
                f"{len(unknown)} task(s) are not in the task set ({shown}); "
                f"their programs are shown the documentation of {', '.join(DEFAULT_APPS)}"
            )
    # The documented modules are part of every prompt: a file holds judgements of one choice only.
    setup = judge.setup().model_copy(update={"documented_apps": documented_apps(task_list)})
    with JudgementsWriter(out, setup, read.experiment, results_file=str(results), fsync=fsync) as writer:
        done = answered_keys(writer.existing)
        todo = [row for row in selected if (row.task_id, row.seed, program_digest(row.program)) not in done]
        report.already_done = len(selected) - len(todo)
        if started is not None:
            started(report)
        bar = tqdm(total=len(todo), unit="program", disable=not progress, leave=False)
        pending = iter(todo)
        pool = DaemonPool(concurrency, "judge")  # an interrupt does not wait for requests in flight
        in_flight: set[concurrent.futures.Future[Judgement]] = set()

        def submit() -> None:
            row = next(pending, None)
            if row is not None:
                scenario = DEFAULT_APPS if apps is None else apps.get(row.task_id, DEFAULT_APPS)
                in_flight.add(pool.submit(judge.judge, row, scenario))

        try:
            for _ in range(concurrency):
                submit()
            while in_flight:
                finished, _ = concurrent.futures.wait(in_flight, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in finished:
                    in_flight.discard(future)
                    try:
                        judgement = future.result()
                    except JudgeStopped as error:
                        report.stopped = report.stopped or str(error)
                        continue
                    writer.write(judgement)
                    bar.update(1)
                    report.written += 1
                    report.counts[judgement.verdict.value] += 1
                    report.failed_requests += not judgement.answered
                    if report.stopped is None:
                        submit()
        finally:
            # Interrupted (or a bug): the requests in flight are left behind; what is written is kept.
            pool.shutdown()
            bar.close()
    return report
