"""aspera pipeline: run the notebooks of a parameter set under papermill and write every table and figure.

Executed notebooks (and HTML copies) go to <runs_dir>/<name>/, tables (CSV
and Markdown) and figures (PNG and PDF) to <figures_dir>/. Both folders are
the pipeline's: each is built aside and swapped in whole once every notebook
has succeeded (keeping only its subfolders and a README.md), so no output of
an earlier run stays behind; on any failure both stay as they were. Edit
copies of the outputs, not the outputs. Paths in the parameters
are relative to the project root; paths printed work from the current
directory. Named results, judgements, audit, labels and annotation files are
read, and the agents, the systems of compare and the output folders checked,
before any notebook runs, and so are the values of the agents' options
(without a model request, a key, or a file created). -p key=value overrides a
parameter (the value is read as YAML). Exit status: 0, 1 a notebook failed
(its executed copy is kept as <notebook>.failed.ipynb), 2 bad parameters, a
missing input file, an output that is a symbolic link to nothing, or a file that
could not be written (a full disk, also when a notebook was writing it), 3
every notebook ran but an agent got not one program because every model
request failed (one line per such agent; the tables are written; run again to
ask again), 130 interrupted.
"""

from __future__ import annotations

import argparse
import sys

from aspera_core.wording import count
from aspera_workbench.cli.args import refuse, refuse_params, say
from aspera_workbench.pipeline import (
    NotebookFailed,
    ParamsError,
    load_params,
    project_root,
    resolve_path,
    run_pipeline,
    shown_path,
)

EXAMPLE = "example: aspera pipeline params/default.yaml -p tasks=tests/fixtures/mini_release -p name=mini"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera pipeline``."""
    parser.add_argument("params", help="parameter file (YAML), e.g. params/default.yaml")
    parser.add_argument(
        "-p",
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override a parameter (repeatable; the value is YAML)",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``aspera pipeline`` with parsed arguments; returns the exit status (see the module docstring)."""
    root = project_root()
    try:  # run_pipeline checks the parameters (and reads the inputs) before any notebook runs
        params = load_params(args.params, args.param)
        report = run_pipeline(params, root, log=lambda line: print(line, file=sys.stderr))
    except ParamsError as error:
        return refuse_params("pipeline", args.params, error)
    except NotebookFailed as error:  # a full disk is a file problem, as for every command: 2
        return refuse("pipeline", str(error), 2 if error.no_space else 1)
    except OSError as error:
        if error.filename is None:
            raise  # not about a file: a real failure, keep its traceback
        return refuse("pipeline", f"cannot write {shown_path(error.filename)}: {error.strerror or error}")
    except KeyboardInterrupt:
        say("pipeline", "interrupted; no output was replaced")
        return 130
    tables = sorted({p.stem for p in report.artefacts if p.suffix == ".csv"})
    figures = sorted({p.stem for p in report.artefacts if p.suffix == ".png"})
    folder = shown_path(resolve_path(params.figures_dir, root) or root)
    print(
        f"{count(len(tables), 'table')} (CSV + Markdown) and {count(len(figures), 'figure')} (PNG + PDF) written to {folder}/"
    )
    if report.notebooks:
        print(f"{count(len(report.notebooks), 'executed notebook')} in {shown_path(report.notebooks[0].parent)}/")
    for line in report.without_programs:  # a script checking the status must notice a system with no program
        refuse("pipeline", line)
    return 3 if report.without_programs else 0
