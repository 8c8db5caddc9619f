"""aspera summary: outcome counts and success rates of a results file, with their denominators.

One row counts per task and seed (the first judged one). model_error rows
(no program was obtained) are shown apart and are not in the denominator.
With --tasks, selected tasks without a row and rows of unknown tasks are
counted too; --ids and --limit narrow the selection as they did for
aspera run. With --subset, success on an audited subset's tasks (those an
audit found the evaluation program sound on) is shown too. Exit status: 0,
or 2 when the file is missing or is not a results file of this workbench,
the selection is not in the task set, or the subset is unusable or of
another task set.
"""

from __future__ import annotations

import argparse
import json

from aspera_core.records import (
    AuditedSubset,
    NotAResultsFile,
    ResultsFile,
    ResultsFileWarning,
    SubsetFileError,
    format_subset,
    format_summary,
    read_results,
    read_subset,
    summarize,
    summarize_subset,
)
from aspera_core.tasks import TaskFormatError, load_tasks, select_tasks, tasks_digest
from aspera_workbench.agents import selection_report
from aspera_workbench.cli.args import positive_int, refuse, say, show_warnings, split_list, task_set_path

EXAMPLE = "example: aspera summary runs/reference.jsonl --tasks data/aspera_workbench_v1 --json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera summary``."""
    parser.add_argument("results", help="results file written by 'aspera run'")
    parser.add_argument(
        "--tasks", type=task_set_path, help="the task set the run used: counts its tasks that have no row"
    )
    parser.add_argument(
        "--ids", nargs="+", metavar="ID", help="with --tasks: only these task ids are expected (as for aspera run)"
    )
    parser.add_argument(
        "--limit",
        type=positive_int,
        metavar="K",
        help="with --tasks: only the first K tasks are expected (after --ids)",
    )
    parser.add_argument(
        "--subset",
        metavar="FILE",
        help="an audited subset, or an audit file holding one (aspera audit): success on its tasks too",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")


def _subset(path: str, results: ResultsFile) -> AuditedSubset:
    """The audited subset in ``path``, refused (``ValueError``, one line) when unusable or not of the results' task set."""
    try:
        subset = read_subset(path)
    except FileNotFoundError:
        raise ValueError(f"{path}: no such file") from None
    except SubsetFileError as error:
        raise ValueError(str(error)) from None
    experiment = results.experiment
    if experiment is None:
        raise ValueError(
            f"{results.path} records no task set (a file from an earlier version): {path} cannot be matched to it"
        )
    if subset.task_set_digest != experiment.task_set_digest:
        raise ValueError(
            f"{path} is an audited subset of another task set (digest {subset.task_set_digest[:12]}) than "
            f"{results.path} was produced on (digest {experiment.task_set_digest[:12]})"
        )
    return subset


def run(args: argparse.Namespace) -> int:
    """Run ``aspera summary`` with parsed arguments; returns the exit status (see the module docstring)."""
    show_warnings("summary", ResultsFileWarning)
    try:
        results = read_results(args.results)
    except (FileNotFoundError, NotAResultsFile) as error:
        return refuse("summary", str(error))
    try:
        subset = _subset(args.subset, results) if args.subset else None
    except ValueError as error:
        return refuse("summary", str(error))
    selected = None
    if (args.ids is not None or args.limit is not None) and not args.tasks:
        return refuse("summary", "--ids and --limit need --tasks (they narrow the task set's expected tasks)")
    if args.tasks:
        try:
            tasks = load_tasks(args.tasks)
            selected = [
                task.query_id for task in select_tasks(tasks, split_list(args.ids), args.limit, source=str(args.tasks))
            ]
        except (OSError, TaskFormatError, ValueError) as error:
            return refuse("summary", str(error))
        experiment = results.experiment
        if experiment is not None and experiment.task_set_digest != tasks_digest(tasks):
            say("summary", f"warning: {args.tasks} differs from the task set the results were produced on")
    summary = summarize(results.rows, selected, None if selected is None else [task.query_id for task in tasks])
    if subset is not None:
        summary["subset"] = {"file": str(args.subset), **summarize_subset(results.rows, subset, selected)}
    experiment = results.experiment
    selection = selection_report(results.rows)  # PS runs only
    if selection is not None and (warning := selection.warning()):
        say("summary", f"warning: {warning}")
    if args.json:
        summary["experiment"] = None if experiment is None else experiment.model_dump()
        if selection is not None:
            summary["selection"] = selection.as_json()
        print(json.dumps(summary))
        return 0
    if experiment is None:
        print("experiment: not recorded (a file from an earlier version)")
    else:
        print(
            f"experiment: agent {experiment.agent}, model {experiment.model or '-'}, setting "
            f"{experiment.setting or '-'}, task set {experiment.task_set or '-'} "
            f"({experiment.task_set_digest[:12]}), library fixes {'on' if experiment.library_fixes else 'off'}"
        )
    print(format_summary(summary))
    if subset is not None:
        print(format_subset(summary["subset"]))
    if selection is not None:
        print(selection.describe())
    return 0
