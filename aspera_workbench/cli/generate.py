"""aspera generate: new tasks written by a language model, each kept only once it is fully validated.

The batch mode of task generation: for each round of the parameter file (a
focus instruction and a number of tasks wanted) the model proposes requests,
then writes each one's reference program, setup program and evaluation
program; after every step the task is run in the sandbox, and what fails goes
back to the model with the error for a few repairs. A task that passes every
check (deterministic setup, reference passes, noop and handback fail unless
the task expects a hand-back, mutants of the reference fail) is written to
the output task set with its provenance; every other request is reported with
its reason. Progress goes to the session file after every step: running the
same command again continues, and answers already received come from the cache.

Exit status: 0 done (the report says how many tasks were kept, of how many
requests), 2 bad parameters or files (also a file in the way of a new task's
files: it is never overwritten; and a session file removed while the session
wrote it: the session stops rather than start its history again), 3 stopped
early (the spending limit, or the endpoint refused the key or the model) or
finished with calls the model did not answer (after its retries): user
requests left open without one of their programs, or calls for new user
requests, whose round then stopped; the next run of the same command asks
them again, 130 interrupted (run the same command to continue).
"""

from __future__ import annotations

import argparse

from aspera_core.fileio import DanglingLinkError
from aspera_core.tasks import TaskFormatError
from aspera_workbench.cli.args import refuse, refuse_params, say
from aspera_workbench.generation import (
    REMOVED,
    SessionFileError,
    diversity_table,
    generate_tasks,
    load_generation_params,
)
from aspera_workbench.llm import LLMSetupError
from aspera_workbench.pipeline import ParamsError

EXAMPLE = "example: aspera generate --params params/generate.yaml -p model=gpt-4o-mini -p max_cost_usd=2"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera generate``."""
    parser.add_argument("--params", required=True, metavar="FILE", help="generation parameters (YAML)")
    parser.add_argument(
        "-p",
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override a parameter (the value is read as YAML); repeatable",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")


def run(args: argparse.Namespace) -> int:
    """Run ``aspera generate`` with parsed arguments; returns the exit status (see the module docstring)."""
    try:
        params = load_generation_params(args.params, args.overrides)
    except ParamsError as error:
        return refuse_params("generate", args.params, error)

    def progress(line: str) -> None:
        if not args.quiet:
            say("generate", f"{line}")

    try:
        report, flow = generate_tasks(params, progress=progress)
    except (ParamsError, SessionFileError, TaskFormatError, LLMSetupError) as error:
        return refuse("generate", str(error))
    except OSError as error:  # e.g. a file of the user's where a new task's file would go
        if isinstance(error, FileNotFoundError) and error.strerror == REMOVED:
            return refuse(
                "generate",
                f"{error.filename} {REMOVED}; the session stopped rather than start its history again in a new"
                " file (its earlier events went with it); tasks already written stay in the task set; restore the"
                " file to continue the session, or run the same command to start a new one",
            )
        # which file (a full disk, a read-only folder); a link to nothing says its own path first
        named = error.filename is not None and error.strerror and not isinstance(error, DanglingLinkError)
        detail = (
            f"{error.filename}: {error.strerror}" if named else (str(error) or type(error).__name__).splitlines()[0]
        )
        return refuse(
            "generate",
            f"{detail}; progress is in {params.session}; once this is fixed, run the same command to continue",
        )
    except KeyboardInterrupt:
        say("generate", f"interrupted; progress is in {params.session}; run the same command to continue")
        return 130
    print(report.describe())
    print(flow.summary())
    budget = flow.generator.client.budget
    if budget is not None:
        print(f"this run: {budget.report().describe()}")
    frame = flow.diversity()
    if not frame.empty:
        table = diversity_table(frame, "focus")
        print(
            f"\nMarginal diversity per focus instruction (n = {len(frame)} generated tasks, over "
            f"{frame.attrs['base_tasks']} tasks of the set before them):"
        )
        print(table.to_string(index=False, float_format=lambda value: f"{value:.1f}"))
    if report.stopped:
        unknown = budget is not None and budget.unknown_spend is not None and not budget.report().exhausted
        advice = "run again without max_cost_usd to go on" if unknown else "run the same command to continue"
        say("generate", f"stopped early: {report.stopped}; {advice}")
        return 3
    left = []
    if report.unanswered:
        left.append(
            f"{len(report.unanswered)} of {report.tried} proposed user requests left open: the model "
            "did not answer for one of their programs"
        )
    if report.unanswered_calls:
        left.append(
            f"{len(report.unanswered_calls)} of {report.proposal_calls} model calls proposing user requests failed "
            "(the model did not answer, after its retries)"
        )
    for line in left:
        say("generate", f"{line}; run the same command to ask again")
    return 3 if left else 0
