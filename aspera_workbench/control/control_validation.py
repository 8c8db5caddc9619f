"""Validating the control programs of a task set, like ``aspera validate`` does the library ones.

For every task, through :func:`~aspera_workbench.control.control_tasks.control_task`:
**parse** (``control/query_<id>.py`` exists and holds one function taking the
world), **reference** (it passes), **noop** (doing nothing fails), **handback**
(only raising ``world.RequiresUserInput`` fails, on every task: the trivial agent)
and **wrong** (every ``control/wrong/query_<id>.py``
program fails). The ``setup`` column stays empty: the setup programs are the
task's own, checked by the task set's validation. :func:`validate_control_with_sandbox`
runs every program in the sandbox, because task sets (and so their control
programs) may come from a model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from aspera_core.executor import Job, Sandbox, SandboxConfig
from aspera_core.outcomes import Verdict
from aspera_core.tasks import (
    FAIL,
    HANDBACK_TAG,
    HANDBACK_WHY,
    OK,
    SUCCESS,
    Check,
    SetReport,
    Task,
    TaskProblem,
    TaskReport,
    WrongProgram,
    function_name,
    read_task_set,
    task_id_order,
)
from aspera_workbench.control.control_programs import (
    CONTROL_FOLDER,
    default_control_dir,
    load_control_programs,
    load_control_wrong_programs,
)
from aspera_workbench.control.control_tasks import control_sandbox_config, control_task

#: Runs a program on a (control) task and returns its verdict (or outcome name).
Evaluate = Callable[[Any, str], Any]


def _run(evaluate: Evaluate, task: Any, program: str) -> tuple[str, str]:
    """The outcome name and the first line of the message (an outcome name alone is a result too)."""
    try:
        result = evaluate(task, program)
        if isinstance(result, str):
            return result, ""
        outcome = str(getattr(result.outcome, "value", result.outcome))
        lines = (getattr(result, "message", None) or "").strip().splitlines()
    except Exception as error:  # the harness itself failed: report it and go on
        return "harness_error", f"{type(error).__name__}: {error}"
    return outcome, lines[0][:120] if lines else ""


class _Runs:
    """The programs to evaluate for each task, in the order the checks read them."""

    def __init__(self, task: Task, reference: str | None, wrong: list[WrongProgram]) -> None:
        self.task = control_task(task, reference)
        name = (function_name(reference) if reference else None) or task.solution_name
        self.reference = reference
        self.noop = f"def {name}(world):\n    return None\n"
        self.handback = (
            f'def {name}(world):\n    raise world.RequiresUserInput("Could you tell me more about what you need?")\n'
        )
        self.wrong = wrong

    def programs(self) -> list[str]:
        head = [self.reference] if self.reference else []
        return head + [self.noop, self.handback] + [w.program for w in self.wrong]


def _expect(report: TaskReport, column: str, result: tuple[str, str], should_pass: bool, why: str) -> None:
    outcome, message = result
    if (outcome == SUCCESS) == should_pass:
        report.checks[column] = Check(OK, outcome)
        return
    detail = outcome if not message else f"{outcome}: {message}"
    report.fail(column, f"expected to {'pass' if should_pass else 'fail'} ({why}), got {detail}", outcome)


def _check_task(runs: _Runs, evaluate: Evaluate, problems: list[TaskProblem], require_wrong: bool) -> TaskReport:
    task = runs.task
    query_id = task.query_id
    report = TaskReport(query_id, expects_handback=HANDBACK_TAG in task.tags)
    for problem in problems:
        report.fail("parse", f"{problem.source}: {problem.message}" if problem.source else problem.message)
    if runs.reference is None:
        if not problems:
            report.fail("parse", f"no control program ({CONTROL_FOLDER}/query_{query_id}.py)")
    else:
        if not problems:
            report.checks["parse"] = Check(OK)
        _expect(report, "reference", _run(evaluate, task, runs.reference), True, "it is the control reference")
    _expect(report, "noop", _run(evaluate, task, runs.noop), False, "doing nothing never solves a task")
    _expect(report, "handback", _run(evaluate, task, runs.handback), False, HANDBACK_WHY)
    if not runs.wrong:
        if require_wrong:
            report.fail("wrong", f"no wrong control programs ({CONTROL_FOLDER}/wrong/query_{query_id}.py)", "0/0")
        return report
    report.wrong_total = len(runs.wrong)
    for wrong in runs.wrong:
        outcome, _ = _run(evaluate, task, wrong.program)
        if outcome == SUCCESS:
            report.problems.append(
                f"wrong: {CONTROL_FOLDER}/{wrong.source}:{wrong.line} ({wrong.reason}) passes the task"
            )
        else:
            report.wrong_rejected += 1
    counts = f"{report.wrong_rejected}/{report.wrong_total}"
    report.checks["wrong"] = Check(OK if report.wrong_rejected == report.wrong_total else FAIL, counts)
    return report


def validate_control_set(
    path: str | Path,
    *,
    evaluate: Evaluate,
    control_dir: str | Path | None = None,
    require_wrong: bool = True,
    progress: Callable[[TaskReport], None] | None = None,
    prefetch: Callable[[list[tuple[Any, str]]], None] | None = None,
) -> SetReport:
    """Validate the control programs of every task of a task set, in the layout of ``aspera validate``.

    Arguments as for :func:`~aspera_core.tasks.validate_task_set`, but
    ``evaluate`` runs a control program on a control task and ``control_dir``
    defaults to ``control/`` beside ``plans/`` (:func:`default_control_dir`).

    Raises:
        FileNotFoundError: ``path`` does not exist.
        TaskFormatError: ``path`` holds no task shard.
    """
    tasks, load_problems = read_task_set(Path(path))
    folder = Path(control_dir) if control_dir is not None else default_control_dir(path)
    programs, program_problems = load_control_programs(folder) if folder else ({}, [])
    wrong, wrong_problems = load_control_wrong_programs(folder) if folder else ({}, [])
    set_problems = [str(problem) for problem in load_problems]
    by_task: dict[str, list[TaskProblem]] = {}
    for problem in program_problems + wrong_problems:
        if problem.query_id is None:
            set_problems.append(str(problem))
        else:
            by_task.setdefault(problem.query_id, []).append(problem)
    known = {task.query_id for task in tasks}
    for query_id in sorted(set(programs) | set(wrong) | set(by_task), key=task_id_order):
        if query_id not in known:
            set_problems.append(f"{CONTROL_FOLDER}/query_{query_id}.py: there is no task {query_id}")
    runs = {task.query_id: _Runs(task, programs.get(task.query_id), wrong.get(task.query_id, [])) for task in tasks}
    if prefetch is not None:
        prefetch([(run.task, program) for run in runs.values() for program in run.programs()])
    reports = []
    for task in tasks:
        report = _check_task(runs[task.query_id], evaluate, by_task.get(task.query_id, []), require_wrong)
        reports.append(report)
        if progress is not None:
            progress(report)
    reports.sort(key=lambda report: int(report.query_id))
    return SetReport(reports, set_problems)


class SandboxEvaluator:
    """Evaluates programs in an open sandbox, all announced runs at once (in parallel)."""

    def __init__(self, sandbox: Sandbox) -> None:
        self.sandbox = sandbox
        self.verdicts: dict[tuple[str, str], Verdict] = {}

    def prefetch(self, runs: Iterable[tuple[Any, str]]) -> None:
        jobs = {}
        for task, program in runs:
            key = (task.query_id, program)
            if key not in self.verdicts and key not in jobs:
                jobs[key] = Job(task, program, key)
        self.sandbox.prepare(job.task for job in jobs.values())
        for job, verdict in self.sandbox.run(jobs.values()):
            self.verdicts[job.key] = verdict

    def __call__(self, task: Any, program: str) -> Verdict:
        """The verdict of ``program`` on ``task`` (evaluated now if it was not announced)."""
        key = (task.query_id, program)
        if key not in self.verdicts:
            self.verdicts[key] = self.sandbox.evaluate(task, program)
        return self.verdicts[key]


def validate_control_with_sandbox(
    path: str | Path,
    *,
    control_dir: str | Path | None = None,
    require_wrong: bool = True,
    config: SandboxConfig | None = None,
    progress: Callable[[TaskReport], None] | None = None,
) -> SetReport:
    """:func:`validate_control_set`, running every program in a sandbox with ``config``'s limits."""
    with Sandbox(control_sandbox_config(config or SandboxConfig())) as sandbox:
        evaluate = SandboxEvaluator(sandbox)
        return validate_control_set(
            path,
            evaluate=evaluate,
            control_dir=control_dir,
            require_wrong=require_wrong,
            progress=progress,
            prefetch=evaluate.prefetch,
        )
