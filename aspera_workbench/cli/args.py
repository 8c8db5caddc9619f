"""Argument types and plumbing shared by the ``aspera`` subcommands.

Each type converts one command-line value or raises :class:`argparse.ArgumentTypeError`
with a sentence saying what is wrong (through the pydantic types of
:mod:`aspera_workbench.options`); argparse then ends the command with exit status 2 and
that one line, before any work is done or any file is touched.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter, ValidationError

from aspera_core.fileio import dangling_link_in
from aspera_workbench.options import AtLeastOne, AtLeastZero, Dollars, EndpointURL, Name, Seconds, Temperature, problem

if TYPE_CHECKING:
    from aspera_workbench.llm import Budget

_ARCHIVE_SUFFIXES = (".tgz", ".tar.gz")


def typed(annotation: Any) -> Callable[[str], Any]:
    """An argument type reading the text as ``annotation`` (a type of :mod:`aspera_workbench.options`), as parameter files do."""
    adapter = TypeAdapter(annotation)

    def convert(text: str) -> Any:
        try:
            return adapter.validate_python(text)
        except ValidationError as error:
            raise argparse.ArgumentTypeError(problem(error)) from None

    return convert


#: A number greater than zero that is neither infinite nor NaN (seconds).
finite_positive_float = typed(Seconds)
#: A sampling temperature: a finite number of at least 0.
temperature = typed(Temperature)
#: An amount of dollars (a spending limit): a finite number of at least 0.
dollars = typed(Dollars)
#: The root of an OpenAI-compatible endpoint: an ``http://`` or ``https://`` URL.
endpoint_url = typed(EndpointURL)
#: A model name as the endpoint knows it: not blank.
model_name = typed(Name)
#: A whole number of at least 1 (workers, a limit).
positive_int = typed(AtLeastOne)
#: A whole number of at least 0 (a count that may be zero).
non_negative_int = typed(AtLeastZero)


def say(command: str, line: str) -> None:
    """One line ``aspera COMMAND: ...`` on standard error (notes, warnings, progress, errors)."""
    print(f"aspera {command}: {line}", file=sys.stderr)


def refuse(command: str, message: str, status: int = 2) -> int:
    """Say why ``aspera COMMAND`` cannot go on, on one line of standard error; the exit status to return."""
    say(command, f"error: {message}")
    return status


def show_warnings(command: str, *categories: type[Warning]) -> None:
    """Show each warning of ``categories`` every time, as one line ``aspera COMMAND: warning: ...``."""
    for category in categories:
        warnings.simplefilter("default", category)
    warnings.formatwarning = lambda message, category, *rest, **kw: f"aspera {command}: warning: {message}\n"


def refuse_params(command: str, params: str, error: Exception) -> int:
    """Say why a parameter file (or an override of it) is unusable, naming the file once; exit status 2.

    A file that cannot be read names itself already.
    """
    text = str(error)
    return refuse(command, text if text.startswith(f"{params} ") else f"{params}: {text}")


def task_set_path(text: str) -> Path:
    """An existing task set: a folder, a ``.nt`` shard or a ``.tgz``/``.tar.gz`` archive (its content is checked when loaded)."""
    path = Path(text)
    if not text or not path.exists():
        raise argparse.ArgumentTypeError(f"no such task set: {text!r}")
    if path.is_file() and not (path.suffix == ".nt" or path.name.endswith(_ARCHIVE_SUFFIXES)):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a task set: expected a folder, a .nt shard or a .tgz/.tar.gz archive"
        )
    if not path.is_file() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is neither a file nor a folder")
    return path


def existing_folder(text: str) -> Path:
    """A folder that exists."""
    path = Path(text)
    if not text or not path.is_dir():
        what = "is not a folder" if path.exists() else "does not exist"
        raise argparse.ArgumentTypeError(f"{text!r} {what}")
    return path


def folder_write_problem(folder: Path) -> str | None:
    """Why no file can be created in an existing folder, or ``None`` when one can.

    Permission bits do not tell (they do not bind the superuser, and a read-only mount or a kernel
    folder such as /sys refuses anyway), so a hidden temporary file is created there and removed at once.
    """
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".aspera-write-test-"):
            pass
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return f"no permission to write in {str(folder)!r}"
        return f"cannot write in {str(folder)!r}: {error.strerror or error}"
    return None


def output_file(text: str) -> Path:
    """A file the command may create or write: not a folder or special file, in a folder that exists or can be made.

    Whether a new file can be made is tested with a temporary file in the nearest existing folder
    (:func:`folder_write_problem`); whether an existing one may be replaced or appended to is the command's decision.
    """
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, got an empty value")
    path = Path(text)
    if text.endswith(("/", os.sep)) or path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder; give a file name inside it")
    if path.exists():
        if not path.is_file():
            raise argparse.ArgumentTypeError(f"{text!r} is not a regular file")
        if not os.access(path, os.W_OK):
            raise argparse.ArgumentTypeError(f"{text!r} cannot be written (permission denied)")
        return path
    ancestor = path.absolute().parent
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise argparse.ArgumentTypeError(f"cannot create {text!r}: {str(ancestor)!r} is a file, not a folder")
    problem = folder_write_problem(ancestor)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"cannot create {text!r}: {problem}")
    return path


def cache_link_problem(cache_dir: str | None, no_cache: bool) -> str | None:
    """Why the answer cache (``--cache-dir``, else the default) cannot be used: it is, or lies under, a link to nothing.

    The cache refuses such a folder itself, but in the words of an ``OSError``; the commands say
    it as they say every other link to nothing.
    """
    if no_cache:
        return None
    from aspera_workbench.llm import cache_folder  # deferred: openai, only for commands that talk to a model

    return dangling_link_in(cache_folder(cache_dir or None))


def split_list(values: list[str] | None) -> list[str] | None:
    """The items of a list option (``--ids``, ``--kinds``), separated by spaces or commas; ``None`` when not used."""
    if values is None:
        return None
    return [part for value in values for part in value.replace(",", " ").split() if part]


def add_model_options(
    parser: argparse.ArgumentParser | Any, *, model_help: str, kept: str, required: bool = False
) -> None:
    """Declare the options of the commands that talk to a model endpoint (``aspera run``, ``aspera judge``).

    ``model_help``: what ``--model`` names; ``kept``: what a run stopped by ``--max-cost`` keeps.
    """
    parser.add_argument("--model", required=required, type=model_name, help=model_help)
    parser.add_argument(
        "--base-url", type=endpoint_url, help="OpenAI-compatible endpoint ending in /v1 (default: OpenAI's)"
    )
    parser.add_argument(
        "--api-key-env", metavar="VAR", help="environment variable holding the key (default OPENAI_API_KEY)"
    )
    parser.add_argument(
        "--temperature", type=temperature, help="sampling temperature, a number of at least 0 (default 0)"
    )
    parser.add_argument("--max-tokens", type=positive_int, help="cap on each answer's tokens")
    parser.add_argument(
        "--request-timeout", type=finite_positive_float, help="seconds one model request may take (default 120)"
    )
    parser.add_argument(
        "--max-cost", type=dollars, metavar="USD", help=f"stop cleanly once this much has been spent ({kept} are kept)"
    )
    parser.add_argument("--no-cache", action="store_true", help="do not read or write the on-disk answer cache")
    parser.add_argument("--cache-dir", help="answer cache folder (default: see docs/llm.md)")


def selection(args: argparse.Namespace) -> dict[str, Any]:
    """The engine keywords of the options ``aspera run`` and ``aspera judge`` share: ``--ids``, ``--limit``,
    ``--no-progress``, ``--fsync``."""
    return {"ids": split_list(args.ids), "limit": args.limit, "progress": not args.no_progress, "fsync": args.fsync}


def add_task_set_option(parser: argparse.ArgumentParser, *, required: bool = True, help: str | None = None) -> None:
    """Declare the ``--tasks PATH`` option of the commands reading one task set, refused in the same words by each."""
    parser.add_argument(
        "--tasks",
        required=required,
        type=task_set_path,
        metavar="PATH",
        help=help or "task set: release folder, plans/ folder, .tgz archive or one .nt shard",
    )


def stop_advice(kept: str, budget: Budget | None, max_cost: float | None) -> str:
    """What to do after a run of a model stopped early (``kept``: where the finished work is)."""
    if budget is not None and budget.report().exhausted:  # the limit is per run: say so, and how to go on
        return (
            f"{kept}; --max-cost counts per run: raise it (now ${max_cost:g}) "
            f"to go further in one run, or run again to spend up to ${max_cost:g} more"
        )
    if budget is not None and budget.unknown_spend is not None:  # the same command would stop again
        return f"{kept}; run again without --max-cost to go on"
    return "run the same command to resume"
