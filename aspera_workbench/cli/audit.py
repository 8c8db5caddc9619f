"""``aspera audit --tasks PATH``: check that evaluation programs accept correct programs and reject wrong ones.

For every task it runs, through the task's evaluation programs in the
sandbox: the reference program, the trivial agents noop and handback, generated
variants of the reference program (rewrites that keep its behaviour: reordered
statements, renamed variables, extracted helpers, inlined variables, equivalent
library calls, reversed independent loops; correct programs that use a freedom
the request leaves: another meeting length, another order, another wording of a
text answer, the user listed as an attendee, another form of the same change;
all must pass), mutants that must fail (a dropped or repeated action, a shifted
date or time, another attendee or room, an unrelated event, a swallowed
hand-back, a wrong answer), the checklist's shortcut probes that must fail
(hand back or answer with every fact of the world, delete every event, turn a
yes/no answer over), the hand-written wrong programs of the "wrong" folder
beside "plans" (if any), and the solutions of --alternatives DIR
("query_<id>.py" files whose functions are each preceded by "# Correct: <why>"
or "# Wrong: <why>").

An accepted mutant is flagged only if it changed the world, the answer or the
exception compared with the reference program; a rejected rewrite only if it
did not; a rejected freedom variant only if it differs from the reference in
that freedom alone; an accepted trivial agent or shortcut always. It prints
the false-rejection and false-acceptance rates by variant kind and per task,
with denominators, the share of tasks with each, the checklist items failed,
and the weakest evaluation programs with the programs that slipped through
(a rejected correct program with the evaluation program's line that rejected
it and its difference from the reference); --out writes every program's
result as JSON, to a new file (its folders are made) or over an earlier
audit's file; any other file (or a symbolic link to nothing) is refused
before the audit starts and left as it was. --subset-out writes the audited
subset: the tasks found sound, for `aspera summary --subset`.

Exit status: 0 when nothing was flagged, 1 when an evaluation program
accepted a wrong program or rejected a correct one, 2 on bad input.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from aspera_core.executor import Sandbox, SandboxConfig, default_workers
from aspera_core.fileio import dangling_link_in, make_folders
from aspera_core.records import SubsetFileError, read_subset
from aspera_core.tasks import (
    TaskFormatError,
    default_wrong_dir,
    load_tasks,
    load_wrong_programs,
    select_tasks,
    task_id_order,
    task_set_digest,
)
from aspera_core.wording import count
from aspera_workbench.audit import (
    AlternativesError,
    AuditConfig,
    audit_file_problem,
    audit_tasks,
    format_report,
    load_alternatives,
)
from aspera_workbench.cli.args import (
    add_task_set_option,
    existing_folder,
    finite_positive_float,
    folder_write_problem,
    non_negative_int,
    output_file,
    positive_int,
    refuse,
    say,
    split_list,
)
from aspera_workbench.variants import KINDS

EXAMPLE = "example: aspera audit --tasks data/aspera_workbench_v1 --out runs/audit.json"


class _BadInput(Exception):
    """Bad arguments or input files: reported on one line, exit status 2."""


def _per_kind(text: str) -> int | None:
    if text == "all":
        return None
    try:
        return positive_int(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"expected a positive number or 'all', got {text!r}") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera audit``."""
    add_task_set_option(parser)
    parser.add_argument(
        "--out",
        type=output_file,
        help="write every program's result to this JSON file (new, or an earlier audit's; folders are created)",
    )
    parser.add_argument(
        "--alternatives",
        type=Path,
        metavar="DIR",
        help="folder of query_<id>.py files with '# Correct:'/'# Wrong:' solutions",
    )
    parser.add_argument(
        "--wrong",
        type=existing_folder,
        metavar="DIR",
        help="folder of hand-written wrong programs (default: wrong/ beside plans/)",
    )
    parser.add_argument("--kinds", nargs="+", metavar="KIND", help=f"only these variant kinds ({', '.join(KINDS)})")
    parser.add_argument(
        "--per-kind",
        type=_per_kind,
        default=3,
        metavar="N",
        help="at most N generated variants of each kind per task, or 'all' (default: 3)",
    )
    parser.add_argument(
        "--rewrites-per-kind",
        type=_per_kind,
        default=1,
        metavar="N",
        help="of the rewrites that keep behaviour identical (no evaluation program can reject one), at most N per "
        "kind, or 'all' (default: 1)",
    )
    parser.add_argument(
        "--subset-out",
        type=output_file,
        metavar="FILE",
        help="also write the audited subset (the tasks found sound) to this JSON file, for aspera summary --subset",
    )
    parser.add_argument(
        "--max-variants",
        type=non_negative_int,
        metavar="N",
        help="then at most N generated variants per task in all (default: no limit)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the choice of variants (default: 0)")
    parser.add_argument("--ids", nargs="+", metavar="ID", help="only these task ids (space or comma separated)")
    parser.add_argument("--limit", type=positive_int, metavar="K", help="at most K tasks (after --ids)")
    parser.add_argument(
        "--workers", type=positive_int, default=None, help=f"programs evaluated at once (default: {default_workers()})"
    )
    parser.add_argument(
        "--timeout", type=finite_positive_float, default=10.0, help="seconds per program evaluation (default: 10)"
    )
    parser.add_argument(
        "--weakest", type=non_negative_int, default=10, metavar="N", help="list the N weakest evaluation programs"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _inputs(args: argparse.Namespace) -> tuple[list, dict, dict, AuditConfig, SandboxConfig]:
    """Everything the audit needs, checked before anything runs (a :class:`_BadInput` with the reason)."""
    try:
        config = AuditConfig(
            kinds=tuple(split_list(args.kinds)) if args.kinds else None,
            per_kind=args.per_kind,
            rewrites_per_kind=args.rewrites_per_kind,
            max_variants=args.max_variants,
            seed=args.seed,
        )
        sandbox = SandboxConfig(
            workers=default_workers() if args.workers is None else args.workers, timeout_s=args.timeout
        )
        tasks = load_tasks(args.tasks)
    except (ValueError, FileNotFoundError, TaskFormatError) as error:
        raise _BadInput(str(error)) from None
    known = {task.query_id for task in tasks}
    try:
        tasks = select_tasks(tasks, split_list(args.ids), args.limit, source=str(args.tasks))
    except ValueError as error:
        raise _BadInput(str(error)) from None
    wrong_dir = args.wrong if args.wrong is not None else default_wrong_dir(args.tasks)
    wrong: dict = {}
    if wrong_dir is not None:
        wrong, problems = load_wrong_programs(wrong_dir)
        if problems:
            raise _BadInput(f"{wrong_dir}: {problems[0]}")
    alternatives: dict = {}
    if args.alternatives is not None:
        try:
            alternatives = load_alternatives(args.alternatives)
        except AlternativesError as error:
            raise _BadInput(str(error)) from None
        strays = sorted(set(alternatives) - known, key=task_id_order)
        if strays:
            raise _BadInput(f"{args.alternatives / f'query_{strays[0]}.py'}: no task {strays[0]} in {args.tasks}")
    if args.out is not None:
        _check_out(args.out)
    if args.subset_out is not None:
        _check_subset_out(args.subset_out, args.out)
    return tasks, wrong, alternatives, config, sandbox


def _check_subset_out(path: Path, out: Path | None) -> None:
    """Refuse a ``--subset-out`` that is ``--out`` or holds something else than an audited subset."""
    if out is not None and path.absolute() == out.absolute():
        raise _BadInput(f"--subset-out {path} is the --out file: give another file")
    if path.exists() and path.stat().st_size:
        try:
            read_subset(path)
        except (SubsetFileError, OSError):
            raise _BadInput(f"--subset-out {path} holds something else than an audited subset; left as it is") from None


def _check_out(out: Path) -> None:
    """Refuse an ``--out`` that holds something else than an audit, or whose folder cannot take the new file.

    The file is replaced by a rename from a temporary file beside it, so its folder must be writable
    too; a missing folder is made when the file is written, but not through a link to nothing.
    """
    try:
        problem = audit_file_problem(out)
    except OSError as error:
        raise _BadInput(f"--out {out}: cannot be read: {error.strerror or error}") from None
    if problem is not None:
        raise _BadInput(f"--out {out} is {problem}; left as it is: give a new file or an earlier audit's file")
    dangling = dangling_link_in(out.parent)  # making the folder would make it where the link points
    if dangling is not None:
        raise _BadInput(f"--out {out}: {dangling}")
    folder = out.absolute().parent
    if folder.is_dir():
        problem = folder_write_problem(folder)
        if problem is not None:
            raise _BadInput(f"--out {out}: {problem}")


def run(args: argparse.Namespace) -> int:
    """Run ``aspera audit`` with parsed arguments; returns the exit status (see the module docstring)."""
    try:
        tasks, wrong, alternatives, config, sandbox_config = _inputs(args)
    except _BadInput as error:
        return refuse("audit", str(error))
    say(
        "audit",
        f"{count(len(tasks), 'task')} from {args.tasks}; "
        f"{'all variants' if config.per_kind is None else count(config.per_kind, 'variant')} per kind"
        + ("" if config.max_variants is None else f", at most {config.max_variants} per task")
        + f", seed {config.seed}; "
        f"{count(sandbox_config.workers, 'worker')}",
    )
    bar: Any = None

    def progress(done: int, total: int) -> None:
        # The first call, (0, total), comes once every variant is planned, before anything
        # runs: the bar is made then, with its total, and left on screen when complete.
        nonlocal bar
        if args.no_progress:
            return
        if bar is None:
            bar = tqdm(total=total, unit="program", file=sys.stderr, leave=True)
        bar.update(done - bar.n)

    try:
        with Sandbox(sandbox_config) as sandbox:
            report = audit_tasks(
                tasks,
                sandbox,
                config,
                wrong=wrong,
                alternatives=alternatives,
                source=str(args.tasks),
                # the whole set's, as a results file records it, even when --ids/--limit chose some tasks
                task_set_digest=task_set_digest(args.tasks),
                progress=progress,
            )
    except KeyboardInterrupt:
        if bar is not None:  # the bar as it stood, then the message on a line of its own
            bar.close()
        say("audit", "interrupted; nothing written")
        return 130
    finally:
        if bar is not None:
            bar.close()
    print(format_report(report, weakest=args.weakest), end="")
    if args.out is not None:
        try:
            _check_out(args.out)  # again: the file may have been replaced while the audit ran
            report.write(args.out)
        except _BadInput as error:
            return refuse("audit", str(error))
        except OSError as error:
            return refuse("audit", f"cannot write {args.out}: {error.strerror or error}")
        say("audit", f"{len(report.results)} results written to {args.out}")
    if args.subset_out is not None:
        subset = report.audited_subset()
        try:
            _check_subset_out(args.subset_out, args.out)
            make_folders(args.subset_out.absolute().parent)
            subset.write(args.subset_out)
        except _BadInput as error:
            return refuse("audit", str(error))
        except OSError as error:
            return refuse("audit", f"cannot write {args.subset_out}: {error.strerror or error}")
        say("audit", f"audited subset ({subset.size}) written to {args.subset_out}")
    return 1 if report.flagged else 0
