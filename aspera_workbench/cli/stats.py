"""aspera stats: Table 1 of a task set (size, programs, queries, complexity) and the library's primitives.

Raw lines count each program's text as stored (len(text.splitlines()),
summed); code lines leave out blank and comment-only lines. Cyclomatic
complexity is radon's, of each reference program's top-level function.
Primitives are counted two ways: as the original's documentation shows them
(the paper's 69) and as a program can call them (executable-only names
included). Exit status: 0, or 2 when the task set cannot be read or is empty.
"""

from __future__ import annotations

import argparse
import json

from aspera_core.tasks import TaskFormatError, load_tasks
from aspera_workbench.cli.args import add_task_set_option, refuse

EXAMPLE = "example: aspera stats --tasks data/aspera_workbench_v1 --json"

NOTES = [
    "raw lines: len(text.splitlines()) of each program as stored, summed; code lines: without blank and comment-only lines",
    "cyclomatic complexity: radon, of the task's top-level function (nested helpers are separate blocks, not added)",
    "primitives: functions + methods + aliases + classes of the five core modules; constants are values, not counted",
    "documented: what the original's documentation layer shows (the paper's 69 = 49 functions + 20 classes: "
    "44 functions + 4 methods + 1 alias, and 20 classes); callable: also the executable-only names",
    "the paper's other figure, 62, is e.g. 44 functions + the 15 classes written with a class statement "
    "+ 3 TimeInterval methods (5 of the 20 classes are functional enums)",
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera stats``."""
    add_task_set_option(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")


def run(args: argparse.Namespace) -> int:
    """Run ``aspera stats`` with parsed arguments; returns the exit status (see the module docstring)."""
    try:
        tasks = load_tasks(args.tasks)
    except (OSError, TaskFormatError) as error:
        return refuse("stats", str(error))
    if not tasks:
        return refuse("stats", f"{args.tasks} holds no tasks")
    # deferred: the analysis loads pandas and matplotlib (~1 s); a bad --tasks is reported without them.
    from aspera_workbench.analysis import dataset_table, markdown_table, primitive_counts

    table = dataset_table(tasks)
    primitives = primitive_counts()
    if args.json:
        print(
            json.dumps(
                {
                    "tasks_path": str(args.tasks),
                    "table1": table.to_dict(orient="records"),
                    "primitives": primitives.to_dict(orient="records"),
                    "notes": NOTES,
                }
            )
        )
        return 0
    print(f"Table 1 for {args.tasks} ({len(tasks)} tasks; paper: the published release)\n")
    print(markdown_table(table))
    print("Library primitives per module\n")
    print(markdown_table(primitives))
    for note in NOTES:
        print(f"- {note}")
    return 0
