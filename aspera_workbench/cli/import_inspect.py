"""aspera import-inspect: turn inspect logs of aspera_workbench/asper_bench into a results file.

Each sample of a log (a task and an epoch; epoch k is seed k-1) becomes one
row of the usual schema, so aspera summary, aspera judge, the audit, the
explorer and the notebooks read inspect runs as they read aspera run's. The
file's experiment is the log's own (model, setting, template version, task
set digest, harness inspect_ai): a file of another experiment, or of another
task set, is refused untouched. Importing is idempotent: samples already in
the file are not added again. See docs/inspect.md.

Exit status: 0 done, 1 the results file is in use, 2 a log or the file refused.
"""

from __future__ import annotations

import argparse

from aspera_core.fileio import DanglingLinkError
from aspera_core.records import ExperimentMismatch, NotAResultsFile, ResultsFileBusy
from aspera_workbench.cli.args import refuse, say, task_set_path

EXAMPLE = "example: aspera import-inspect logs/2026-01-01T10-00-00_asper-bench_abc.eval --out runs/inspect-cck.jsonl"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera import-inspect``."""
    parser.add_argument("logs", nargs="+", metavar="LOG", help="inspect log (.eval or .json)")
    parser.add_argument(
        "--out", required=True, help="results file (JSONL; created, or appended to if it holds the log's experiment)"
    )
    parser.add_argument(
        "--tasks",
        type=task_set_path,
        help="the task set the logs must have been run on (refused if its digest differs)",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``aspera import-inspect`` with parsed arguments; returns the exit status (see the module docstring)."""
    # deferred: inspect_ai takes about a second to import; `aspera --help` lists this command without it.
    from aspera_workbench.inspect_bridge import LogImportError, import_log

    for log in args.logs:
        try:
            report = import_log(log, args.out, tasks=args.tasks)
        except (LogImportError, NotAResultsFile, ExperimentMismatch, DanglingLinkError) as error:
            return refuse("import-inspect", str(error))
        except ResultsFileBusy as error:
            return refuse("import-inspect", str(error), 1)
        say("import-inspect", report.describe())
    return 0
