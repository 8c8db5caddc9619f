"""``aspera validate --tasks PATH``: check that a task set is sound.

For each task it checks that the record parses and its programs follow the
protocol's conventions, that every setup program builds the same world when
run twice, that the reference program passes, that a program doing nothing
fails, that a program handing back control fails unless the task is tagged
"handback" (then it must pass), and that every hand-written wrong program in
the "wrong" folder beside "plans" fails (and that there is at least one).

It prints a table with one row per task and the problems found below it.
Exit status: 0 when no problem was found, 1 on any problem, 2 when the task
set cannot be read.

Programs run in the sandboxed executor, in parallel. Setup programs run in
this process, since the worlds they build are compared table by table: they
are the task set's own code.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import signal
import sys
import threading
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from aspera_core.agents import HandbackAgent, NoopAgent
from aspera_core.executor.namespaces import NamespaceTemplates
from aspera_core.executor.outcome import Verdict
from aspera_core.executor.sandbox import Job, Sandbox, SandboxConfig
from aspera_core.executor.source import compile_source, function_name
from aspera_core.tasks.model import Task, TaskFormatError
from aspera_core.tasks.validate import BuildProgram, SetReport, format_table, validate_task_set
from aspera_core.world.state import ExecutionContext, new_context

SETUP_TIMEOUT_S = 30.0
EXAMPLE = "example: aspera validate --tasks data/aspera_workbench_v1 --json"


class SetupTimeout(Exception):
    """A setup program ran longer than allowed."""


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block with :class:`SetupTimeout` after ``seconds``.

    Only possible in the main thread (signals); elsewhere the block runs
    without a limit.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise SetupTimeout(f"setup program did not finish within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class SetupRunner:
    """Runs one setup program in a fresh world and returns the world's tables.

    Args:
        templates: Namespace templates to reuse across tasks.
        timeout_s: Time allowed for one setup program.
    """

    def __init__(
        self, templates: NamespaceTemplates | None = None, timeout_s: float = SETUP_TIMEOUT_S
    ):
        self.templates = templates or NamespaceTemplates()
        self.timeout_s = timeout_s

    def __call__(self, task: Task, index: int) -> Mapping[str, Any]:
        """Run SIP ``index`` of ``task`` as the harness would, without an EP.

        Returns:
            ``ExecutionContext.to_dict()`` of the world it built.

        Raises:
            Exception: Whatever the setup program raises, or
                :class:`SetupTimeout`.
        """
        scenario = task.scenario
        namespace = self.templates.evaluation(
            scenario.apps, scenario.simulation_tools, scenario.evaluation_tools
        )
        source = task.state_generation_programs[index]
        exec(compile_source(source, f"<setup {index + 1}>"), namespace)
        setup = namespace[function_name(source) or ""]
        context = ExecutionContext()
        context.query = task.query
        # Library warnings would garble the table; the worlds are what counts.
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            with _time_limit(self.timeout_s), new_context(context):
                setup()
        return context.to_dict()


class BatchEvaluator:
    """Evaluates programs in the sandbox, in parallel when announced in advance.

    ``prefetch`` runs every announced (task, program) pair through the sandbox
    at once; ``__call__`` then answers from those verdicts and evaluates
    anything unannounced on its own.

    Args:
        sandbox: An open sandbox.
    """

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


def builtin_baselines() -> dict[str, BuildProgram]:
    """The ``noop`` and ``handback`` programs, as the built-in agents write them."""
    return {"noop": NoopAgent().program, "handback": HandbackAgent().program}


def validate_with_executor(
    path: str | Path,
    baselines: Mapping[str, BuildProgram] | None = None,
    *,
    wrong_dir: str | Path | None = None,
    require_wrong: bool = True,
    config: SandboxConfig | None = None,
    progress: Callable[[Any], None] | None = None,
) -> SetReport:
    """Validate a task set with the sandboxed executor.

    Args:
        path: The task set.
        baselines: Builders of the ``noop`` and ``handback`` programs
            (default: the built-in agents).
        wrong_dir: Wrong-program folder (default ``<path>/wrong``).
        require_wrong: Whether a task without wrong programs is a problem.
        config: Sandbox limits (defaults of :class:`SandboxConfig`).
        progress: Called with each task's report when it is done.

    Returns:
        The report.

    Raises:
        FileNotFoundError: If ``path`` does not exist.
        TaskFormatError: If ``path`` holds no task shard.
    """
    with Sandbox(config) as sandbox:
        evaluate = BatchEvaluator(sandbox)
        return validate_task_set(
            path,
            evaluate=evaluate,
            run_setup=SetupRunner(),
            baselines=builtin_baselines() if baselines is None else baselines,
            wrong_dir=wrong_dir,
            require_wrong=require_wrong,
            progress=progress,
            prefetch=evaluate.prefetch,
        )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera validate``."""
    parser.add_argument(
        "--tasks",
        required=True,
        type=Path,
        help="task set: release folder, plans/ folder, .tgz archive or one .nt shard",
    )
    parser.add_argument(
        "--wrong",
        type=Path,
        default=None,
        help="folder of wrong programs (default: the wrong/ folder beside plans/)",
    )
    parser.add_argument(
        "--no-wrong-required",
        action="store_true",
        help="do not count a task without wrong programs as a problem",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--workers", type=int, default=None, help="parallel evaluations")
    parser.add_argument(
        "--timeout", type=float, default=10.0, help="seconds allowed per program evaluation"
    )


def run(args: argparse.Namespace) -> int:
    """Run ``aspera validate`` with parsed arguments.

    Args:
        args: Options declared by :func:`add_arguments`.

    Returns:
        The exit status: 0 when sound, 1 on any problem, 2 if unreadable.
    """
    limits: dict[str, Any] = {"timeout_s": args.timeout}
    if args.workers is not None:
        limits["workers"] = args.workers
    try:
        report = validate_with_executor(
            args.tasks,
            wrong_dir=args.wrong,
            require_wrong=not args.no_wrong_required,
            config=SandboxConfig(**limits),
        )
    except (FileNotFoundError, TaskFormatError, ValueError) as error:
        print(f"aspera validate: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print(format_table(report), end="")
    return 0 if report.ok else 1
