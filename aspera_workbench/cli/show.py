"""``aspera show --tasks PATH ID``: print one task: query, tags, apps, reference program, setup and evaluation programs.

The programs are printed as they are stored, each under a header line, so
they can be copied into a file and run. Exit status: 0, or 2 for a bad
argument, a task set that does not load or an id the set does not have.
"""

from __future__ import annotations

import argparse
import json

from aspera_core.tasks import Task, TaskFormatError, open_task_set
from aspera_workbench.cli.args import add_task_set_option, refuse

EXAMPLE = "example: aspera show --tasks data/aspera_workbench_v1 1001"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera show``."""
    add_task_set_option(parser)
    parser.add_argument("id", metavar="ID", help="the task's id (query_id)")
    parser.add_argument("--json", action="store_true", help="print the task's record as JSON")


def format_task(task: Task) -> str:
    """The text ``aspera show`` prints for a task: its query, tags, apps and programs, each program under a header line."""
    lines = [
        f"task {task.query_id}" + (f" ({task.shard})" if task.shard else ""),
        f"query: {task.query}",
        f"tags: {', '.join(task.tags) or '-'}",
        f"apps: {', '.join(task.scenario.apps)}",
        f"setup/evaluation pairs: {len(task.pairs)}",
        "",
        f"--- reference program ({task.solution_name}) ---",
        task.program.rstrip("\n"),
    ]
    for number, (setup, evaluation) in enumerate(task.pairs, start=1):
        lines += ["", f"--- setup program {number} ---", setup.rstrip("\n")]
        lines += ["", f"--- evaluation program {number} ---", evaluation.rstrip("\n")]
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    """Run ``aspera show`` with parsed arguments; returns the exit status (see the module docstring)."""
    try:
        task_set = open_task_set(args.tasks)
        task_set.raise_problems()
    except (FileNotFoundError, TaskFormatError) as error:
        return refuse("show", str(error))
    task = next((task for task in task_set.tasks if task.query_id == args.id), None)
    if task is None:
        ids = [t.query_id for t in task_set.tasks]
        span = f"ids {ids[0]} to {ids[-1]}" if ids else "no tasks"
        return refuse("show", f"no task {args.id!r} in {args.tasks} ({len(ids)} tasks, {span})")
    if args.json:
        print(json.dumps(task.to_record(), indent=2, ensure_ascii=False))
    else:
        print(format_task(task), end="")
    return 0
