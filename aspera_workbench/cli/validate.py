"""``aspera validate --tasks PATH``: check that a task set is sound.

For each task it checks that the record parses and its programs follow the
protocol's conventions, that every setup program builds the same world when
run twice, that the reference program passes, that a program doing nothing
fails, that a program handing back control fails (also on a task tagged
"handback": such a task needs a world where the request can be carried out
too), that the shortcut probes fail (on every pair on its own and on the
whole task: doing nothing, always handing back, handing back or answering
with every fact of the world, deleting every event; a pair may accept one
only where the reference does the same thing in its world; --no-probes skips
them, --audit adds the audit's preserving variants, which must pass), and,
where the set has a "wrong" folder
beside "plans", that every hand-written wrong program in it fails and that
each task has at least one. A set without a "wrong" folder (the published
release has none) is validated without that check, and a note says so. The
index files beside the shards are checked against them too.

It prints a table with one row per record of the shards (a record repeating
an earlier record's id gets a row of its own), the problems found and notes on
what could not be checked. Exit status: 0 when no problem was found, 1 on any
problem, 2 for a bad argument or a task set that cannot be read.

Programs run in the sandboxed executor, in parallel. Setup programs run there
too: each setup program is run twice, each time in a fresh worker, and the
digests of the worlds it built are compared table by table.

With "--surface control" it validates the set's control programs instead
(the "control" folder beside "plans", or --control FOLDER; see
docs/control.md): each task's control reference passes through the task's
own setup and evaluation programs, a control program doing nothing fails,
one handing back fails too, and every wrong control program (in
"control/wrong") fails. Same table, same exit status.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from aspera_core.agents import HandbackAgent, NoopAgent
from aspera_core.executor import Job, Sandbox, SandboxConfig
from aspera_core.outcomes import Verdict
from aspera_core.tasks import (
    SetReport,
    SetupRunner,
    Task,
    TaskFormatError,
    format_table,
    open_task_set,
    validate_task_set,
)
from aspera_workbench.audit import AuditConfig, audit_tasks, shortcut_findings, task_probes
from aspera_workbench.cli.args import add_task_set_option, existing_folder, finite_positive_float, positive_int, refuse
from aspera_workbench.control import default_control_dir, validate_control_with_sandbox
from aspera_workbench.variants import PRESERVING_KINDS

EXAMPLE = "example: aspera validate --tasks data/aspera_workbench_v1 --workers 2"


class SandboxSetupRunner(SetupRunner):
    """Runs one setup program in an open sandbox (see :class:`~aspera_core.tasks.validation.SetupRunner`)."""

    def __init__(self, sandbox: Sandbox):
        super().__init__(sandbox.evaluate)
        self.sandbox = sandbox


class BatchEvaluator:
    """Evaluates programs in an open sandbox: ``prefetch`` runs announced (task, program) pairs at once."""

    def __init__(self, sandbox: Sandbox):
        self.sandbox = sandbox
        self.verdicts: dict[tuple[str, str], Verdict] = {}

    def prefetch(self, runs: list[tuple[Task, str]]) -> None:
        """Evaluate every run not evaluated yet."""
        jobs = {}
        for task, program in runs:
            key = (task.query_id, program)
            if key not in self.verdicts:
                jobs[key] = Job(task, program, key)
        for job, verdict in self.sandbox.run(jobs.values()):
            self.verdicts[job.key] = verdict

    def __call__(self, task: Task, program: str) -> Verdict:
        """The verdict of ``program`` on ``task``."""
        key = (task.query_id, program)
        if key not in self.verdicts:
            self.verdicts[key] = self.sandbox.evaluate(task, program)
        return self.verdicts[key]


def validate_with_executor(
    path: str | Path,
    *,
    wrong_dir: str | Path | None = None,
    require_wrong: bool = True,
    config: SandboxConfig | None = None,
    probes: bool = True,
    audit: bool = False,
) -> SetReport:
    """Validate a task set with the sandboxed executor, against the built-in agents' noop and handback programs.

    ``wrong_dir``: default ``wrong/`` beside ``plans/``; without that folder wrong programs are not
    checked and the report's notes say so. ``require_wrong``: a task without wrong programs is a problem.
    ``probes``: run the shortcut probes on every pair (:mod:`aspera_workbench.audit.shortcut_check`);
    ``audit``: run the audit's preserving variants too (a rejected one is a problem).

    Raises:
        FileNotFoundError: If ``path`` or a ``wrong_dir`` given does not exist.
        TaskFormatError: If ``path`` holds no task shard.
    """
    with Sandbox(config) as sandbox:
        evaluate = BatchEvaluator(sandbox)
        report = validate_task_set(
            path,
            evaluate=evaluate,
            run_setup=SandboxSetupRunner(sandbox),
            baselines={"noop": NoopAgent().program, "handback": HandbackAgent().program},
            wrong_dir=wrong_dir,
            require_wrong=require_wrong,
            prefetch=evaluate.prefetch,
        )
        if probes or audit:
            tasks = [task for task in open_task_set(path).tasks if task.query_id in {r.query_id for r in report.tasks}]
            _probe_tasks(report, tasks, sandbox, probes, audit)
        return report


def _probe_tasks(report: SetReport, tasks: list[Task], sandbox: Sandbox, probes: bool, audit: bool) -> None:
    """Run the shortcut probes (and, with ``audit``, the preserving variants) and file what they find under the
    column ``probes`` of each task's row."""
    rows = {row.query_id: row for row in report.tasks}
    plans = {task.query_id: task_probes(task) for task in tasks} if probes else {}
    findings = shortcut_findings(tasks, sandbox, plans=plans) if probes else {}
    rejected: dict[str, list[str]] = {}
    if audit:
        config = AuditConfig(kinds=tuple(PRESERVING_KINDS), baselines=False)
        for task_audit in audit_tasks(tasks, sandbox, config).tasks:
            rejected[task_audit.task_id] = [
                f"the evaluation program rejects a correct variant ({result.kind}: {result.description}; "
                f"{result.outcome}: {(result.message or '').splitlines()[0][:120] if result.message else ''})"
                for result in task_audit.flagged
            ]
    for task in tasks:
        row = rows[task.query_id]
        # (the trivial agents failing the whole task are the noop and handback columns' findings already)
        shown = [
            f for f in findings.get(task.query_id, []) if f.pair is not None or f.probe not in ("noop", "handback")
        ]
        problems = [finding.problem for finding in shown] + rejected.get(task.query_id, [])
        for problem in problems:
            row.fail("probes", problem, f"{len(problems)} found")
        if not problems and (probes or audit):
            row.passed("probes", f"0/{len(plans.get(task.query_id, []))}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera validate``."""
    add_task_set_option(parser)
    parser.add_argument(
        "--wrong",
        type=existing_folder,
        default=None,
        metavar="FOLDER",
        help="folder of wrong programs (default: the wrong/ folder beside plans/, if there is one)",
    )
    parser.add_argument(
        "--surface",
        choices=("library", "control"),
        default="library",
        help="validate the programs written against the library (default) or the set's control programs",
    )
    parser.add_argument(
        "--control",
        type=existing_folder,
        default=None,
        metavar="FOLDER",
        help="with --surface control: folder of control programs (default: the control/ folder beside plans/)",
    )
    parser.add_argument(
        "--no-wrong-required",
        action="store_true",
        help="do not count a task without wrong programs as a problem",
    )
    parser.add_argument(
        "--no-probes",
        action="store_true",
        help="do not run the shortcut probes (doing nothing, always handing back, handing back or answering with "
        "every fact of the world, deleting every event) on every pair",
    )
    parser.add_argument(
        "--audit",
        action="store_true",
        help="also run the audit's preserving variants (correct programs the evaluation programs must accept)",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--workers", type=positive_int, default=None, metavar="N", help="parallel evaluations")
    parser.add_argument(
        "--timeout",
        type=finite_positive_float,
        default=10.0,
        metavar="SECONDS",
        help="seconds allowed per program evaluation (default: 10)",
    )


def _control_folder(args: argparse.Namespace) -> Path:
    """The control programs to validate: ``--control``, or ``control/`` beside the task set's ``plans/``.

    Raises:
        ValueError: ``--wrong`` was given (control wrong programs live in the control folder), or there is none.
    """
    if args.wrong is not None:
        raise ValueError("--wrong names library programs; wrong control programs are read from <control folder>/wrong")
    if args.control is not None:
        return Path(args.control)
    folder = default_control_dir(args.tasks)
    if folder is None or not folder.is_dir():
        where = f"no folder {folder}" if folder is not None else "no control folder beside an archive"
        raise ValueError(f"no control programs to validate ({where}): give their folder with --control FOLDER")
    return folder


def run(args: argparse.Namespace) -> int:
    """Run ``aspera validate`` with parsed arguments; returns the exit status (see the module docstring)."""
    limits: dict[str, Any] = {"timeout_s": args.timeout}
    if args.workers is not None:
        limits["workers"] = args.workers
    try:
        if args.surface == "control":
            report = validate_control_with_sandbox(
                args.tasks,
                control_dir=_control_folder(args),
                require_wrong=not args.no_wrong_required,
                config=SandboxConfig(**limits),
            )
        else:
            if args.control is not None:
                raise ValueError("--control names control programs: use it with --surface control")
            report = validate_with_executor(
                args.tasks,
                wrong_dir=args.wrong,
                require_wrong=not args.no_wrong_required,
                config=SandboxConfig(**limits),
                probes=not args.no_probes,
                audit=args.audit,
            )
    except (FileNotFoundError, TaskFormatError, ValueError) as error:
        return refuse("validate", str(error))
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print(format_table(report), end="")
    return 0 if report.ok else 1
