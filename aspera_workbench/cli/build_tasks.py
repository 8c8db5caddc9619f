"""``aspera build-tasks ROOT``: build a task set's ``plans/`` from its ``code/``.

Each authoring module ``<ROOT>/code/query_<id>.py`` becomes one task record
(see :mod:`aspera_workbench.authoring`); the shards and index files are
written to ``<ROOT>/plans/``, replacing those of an earlier build. Every
module is read and the tasks are checked (unique ids and queries) before
anything is written, and the new ``plans/`` replaces the old one in one step,
so a failed or interrupted build leaves the old plans byte for byte as they
were. The build marks plans/ as its own with a file plans/.aspera-built; a
plans/ holding shards or index files without it (a task set the build did
not write) stops the build with nothing written. Other files in ``plans/``
are kept. The build is deterministic, so an unchanged ``code/``
folder gives byte-identical plans.
Exit status: 0 when built, 2 for a bad argument, a missing code folder, a
module that does not follow the authoring format, a plans/ folder the build
did not write, or plans that cannot be written.
"""

from __future__ import annotations

import argparse

from aspera_core.tasks import NotBuiltHere, TaskFormatError
from aspera_workbench.authoring import PLANS_FOLDER, build_task_set
from aspera_workbench.cli.args import existing_folder, refuse

EXAMPLE = "example: aspera build-tasks data/aspera_workbench_v1"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera build-tasks``."""
    parser.add_argument(
        "root",
        type=existing_folder,
        metavar="ROOT",
        help="task set folder holding code/query_<id>.py (plans/ is written there)",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``aspera build-tasks`` with parsed arguments; returns the exit status (see the module docstring)."""
    try:
        tasks = build_task_set(args.root)
    except (FileNotFoundError, NotBuiltHere, TaskFormatError) as error:
        return refuse("build-tasks", str(error))
    except OSError as error:
        return refuse("build-tasks", f"cannot write {args.root / PLANS_FOLDER}: {error.strerror or error}")
    print(f"built {len(tasks)} tasks into {args.root / PLANS_FOLDER}")
    return 0
