"""``aspera run``: evaluate an agent's programs on a task set, one JSONL row per task.

Programs run in sandboxed worker processes; a row is appended to ``--out`` as
each task finishes. Tasks already in ``--out`` are skipped, so running the
same command again resumes an interrupted run.
"""

from __future__ import annotations

import argparse
import sys
import warnings

from aspera_core.agents import AGENTS, make_agent
from aspera_core.executor import SandboxConfig, default_workers
from aspera_core.executor.confine import probe
from aspera_core.records import ResultsFileBusy, ResultsFileWarning
from aspera_core.runner import RunWarning
from aspera_core.runner import run_agent as run_agents
from aspera_core.tasks import TaskFormatError, load_tasks

EXAMPLE = "example: aspera run --tasks data/aspera_workbench_v1 --agent reference --out runs/reference.jsonl"


def _ids(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [part for value in values for part in value.replace(",", " ").split() if part]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera run``."""
    parser.add_argument("--tasks", required=True, help="release folder, plans folder, .tgz archive or .nt shard")
    parser.add_argument("--agent", required=True, help=f"agent name ({', '.join(sorted(AGENTS))})")
    parser.add_argument("--out", required=True, help="results file (JSONL, appended to)")
    parser.add_argument("--replay", metavar="FILE", help="results file whose programs the replay agent submits")
    parser.add_argument(
        "--workers", type=int, default=None, help=f"tasks evaluated at once (default: {default_workers()})"
    )
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per task (default: 10)")
    parser.add_argument("--memory-mb", type=int, default=1024, help="memory cap per task in MiB (default: 1024)")
    parser.add_argument("--ids", nargs="+", metavar="ID", help="only these task ids (space or comma separated)")
    parser.add_argument("--limit", type=int, metavar="K", help="at most K tasks (after --ids)")
    parser.add_argument("--fsync", action="store_true", help="fsync the results file after every row")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Run ``aspera run`` with parsed arguments.

    Args:
        args: Options declared by :func:`add_arguments`.

    Returns:
        The exit status: 0 when the run completed, 1 if the results file is in
        use, 2 for bad arguments or an unreadable task set, 130 when interrupted.
    """
    warnings.simplefilter("default", RunWarning)
    warnings.simplefilter("default", ResultsFileWarning)
    warnings.formatwarning = lambda message, category, *rest, **kw: f"aspera run: warning: {message}\n"
    try:
        config = SandboxConfig(
            workers=default_workers() if args.workers is None else args.workers,
            timeout_s=args.timeout,
            memory_mb=args.memory_mb,
        )
        agent = make_agent(args.agent, replay=args.replay)
        tasks = load_tasks(args.tasks)
    except (KeyError, ValueError, FileNotFoundError, TaskFormatError) as error:
        print(f"aspera run: error: {str(error).strip(chr(39))}", file=sys.stderr)
        return 2
    protections = probe(config.kernel_confinement)
    print(
        f"aspera run: {len(tasks)} tasks from {args.tasks}; agent {agent.name}; "
        f"{config.workers} worker(s), {config.timeout_s:g} s and {config.memory_mb} MiB per task; "
        f"isolation: {protections.describe()}",
        file=sys.stderr,
    )
    for note in protections.notes:
        print(f"aspera run: note: {note}", file=sys.stderr)
    try:
        report = run_agents(
            tasks,
            agent,
            args.out,
            config,
            ids=_ids(args.ids),
            limit=args.limit,
            progress=not args.no_progress,
            fsync=args.fsync,
        )
    except ValueError as error:
        print(f"aspera run: error: {error}", file=sys.stderr)
        return 2
    except ResultsFileBusy as error:
        print(f"aspera run: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(
            f"aspera run: interrupted; finished tasks are in {args.out}; run the same command to resume",
            file=sys.stderr,
        )
        return 130
    counts = ", ".join(f"{name} {count}" for name, count in sorted(report.counts.items())) or "nothing new"
    print(
        f"aspera run: {report.evaluated} evaluated ({counts}); {report.already_done} already in {args.out}"
        + (f"; {len(report.unavailable)} skipped" if report.unavailable else ""),
        file=sys.stderr,
    )
    return 0
