"""``aspera tasks --tasks PATH``: list the tasks of a set: id, setup/evaluation pairs, tags and query.

The last line counts the tasks shown out of all tasks of the set, and their
setup/evaluation pairs. Notes on what loading could not check (a set without
index files, a single shard of a larger set) go to stderr. Exit status: 0,
or 2 for a bad argument or a task set that does not load.
"""

from __future__ import annotations

import argparse
import json

from aspera_core.tasks import Task, TaskFormatError, open_task_set
from aspera_workbench.cli.args import add_task_set_option, refuse, say

EXAMPLE = "example: aspera tasks --tasks data/aspera_workbench_v1 --tag handback"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera tasks``."""
    add_task_set_option(parser)
    parser.add_argument("--tag", metavar="TAG", help="only the tasks carrying this tag")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")


def _row(task: Task) -> dict[str, object]:
    return {"id": task.query_id, "pairs": len(task.pairs), "tags": list(task.tags), "query": task.query}


def format_tasks(tasks: list[Task]) -> list[str]:
    """Table lines (header first) for some tasks: id, pairs, tags and query."""
    rows = [("id", "pairs", "tags", "query")]
    rows += [(t.query_id, str(len(t.pairs)), ", ".join(t.tags) or "-", t.query) for t in tasks]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    return [
        "  ".join([row[0].ljust(widths[0]), row[1].rjust(widths[1]), row[2].ljust(widths[2]), row[3]]) for row in rows
    ]


def run(args: argparse.Namespace) -> int:
    """Run ``aspera tasks`` with parsed arguments; returns the exit status (see the module docstring)."""
    try:
        task_set = open_task_set(args.tasks)
        task_set.raise_problems()
    except (FileNotFoundError, TaskFormatError) as error:
        return refuse("tasks", str(error))
    everything = list(task_set.tasks)
    shown = [task for task in everything if args.tag is None or args.tag in task.tags]
    pairs = sum(len(task.pairs) for task in shown)
    for note in task_set.notes:
        say("tasks", f"note: {note}")
    if args.tag is not None and not shown:  # most likely a typo: say which tags exist
        tags = ", ".join(sorted({tag for task in everything for tag in task.tags})) or "none"
        say("tasks", f"note: no task carries the tag {args.tag!r}; the set's tags: {tags}")
    if args.json:
        report = {
            "path": str(args.tasks),
            "digest": task_set.digest,
            "index": task_set.index,
            "notes": list(task_set.notes),
            "tag": args.tag,
            "shown": len(shown),
            "total": len(everything),
            "pairs": pairs,
            "tasks": [_row(task) for task in shown],
        }
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    for line in format_tasks(shown):
        print(line)
    which = f" tagged {args.tag!r}" if args.tag is not None else ""
    print(f"{len(shown)} of {len(everything)} tasks{which} ({pairs} setup/evaluation pairs) in {args.tasks}")
    return 0
