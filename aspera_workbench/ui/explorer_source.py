"""What the failure explorer opens on (a parameter set's results, or results files named alone), checked first.

``make explore`` runs :func:`main` before any server starts, so that a bad argument ends the
command with one line instead of an error inside a page served anyway.
"""

from __future__ import annotations

import argparse
import errno
import socket
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path

from aspera_core.records import NotAResultsFile, ResultsFileWarning, read_results
from aspera_workbench.pipeline import ParamsError, check_notebook_params, project_root, resolve_path


class ExploreArgumentError(ValueError):
    """An argument of the explorer cannot be used; the message is one line naming it."""


def results_list(value: str | Sequence[str] | None) -> list[str]:
    """Results files from a list, or from text with commas between them (as ``make`` passes them)."""
    if value is None:
        return []
    items = value.split(",") if isinstance(value, str) else [str(item) for item in value]
    return [item.strip() for item in items if item.strip()]


def checked_results(value: str | Sequence[str] | None, root: Path) -> list[Path]:
    """The named results files, absolute; each must be a results file of this workbench with rows.

    Raises:
        ExploreArgumentError: naming the first file that is missing, of another kind, or empty of rows.
    """
    paths = []
    for named in results_list(value):
        path = resolve_path(named, root)
        assert path is not None
        if not path.exists():
            raise ExploreArgumentError(f"RESULTS: {named} does not exist")
        try:
            with warnings.catch_warnings():  # a damaged line is the explorer's to report, not a reason to refuse
                warnings.simplefilter("ignore", ResultsFileWarning)
                results = read_results(path)
        except NotAResultsFile as error:
            raise ExploreArgumentError(f"RESULTS: {error}") from None
        if not results.rows:
            raise ExploreArgumentError(
                f"RESULTS: {named} holds no rows yet (a run that stopped before its first): nothing to explore"
            )
        paths.append(path)
    return paths


def _check_params(params: str, root: Path) -> None:
    path = resolve_path(params, root)
    assert path is not None
    if path.is_file():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ResultsFileWarning)
                read_results(path)
        except (NotAResultsFile, OSError):
            pass
        else:  # the natural first try: make explore PARAMS=runs/mine.jsonl
            raise ExploreArgumentError(f"PARAMS: {params} is a results file, not a parameter set: use RESULTS={params}")
    try:  # the checks the notebook makes first, made before a page is served
        check_notebook_params("06_failure_explorer", {"params_file": str(path), "overrides": [], "root": str(root)})
    except ParamsError as error:
        raise ExploreArgumentError(f"PARAMS: {error}") from None


def _check_port(port: str) -> None:
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ExploreArgumentError(f"PORT: {port!r} is not a port number (1 to 65535)")
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", int(port)))
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                raise ExploreArgumentError(f"PORT: {port} cannot be used on 127.0.0.1: {error.strerror}") from None
            raise ExploreArgumentError(
                f"PORT: {port} is in use on 127.0.0.1 (another explorer?): stop it, or choose another with PORT=..."
            ) from None


def check_explore_args(
    *,
    results: str | Sequence[str] | None = None,
    params: str = "params/default.yaml",
    tasks: str | None = None,
    port: str | None = None,
    root: str | Path | None = None,
) -> None:
    """Check what ``make explore`` was given, in the order a person reads the command (empty ``results``: the
    parameter set's; ``root`` found when ``None``).

    Raises:
        ExploreArgumentError: one line naming the argument (``RESULTS:``, ``PARAMS:``, ...).
    """
    root = Path(root) if root is not None else project_root()
    checked_results(results, root)
    _check_params(params, root)
    if tasks:
        path = resolve_path(tasks, root)
        if path is None or not path.exists():
            raise ExploreArgumentError(f"TASKS: {tasks} does not exist")
    if port is not None:
        _check_port(port)


def main(argv: Sequence[str] | None = None) -> int:
    """The check ``make explore`` runs first (``python -m ...ui.explorer_source``); exit 2 on a bad argument."""
    parser = argparse.ArgumentParser(prog="make explore", description=check_explore_args.__doc__)
    parser.add_argument("--results", default="")
    parser.add_argument("--params", default="params/default.yaml")
    parser.add_argument("--tasks", default="")
    parser.add_argument("--port")
    parser.add_argument("--root")
    args = parser.parse_args(argv)
    try:
        check_explore_args(
            results=args.results, params=args.params, tasks=args.tasks or None, port=args.port, root=args.root
        )
    except ExploreArgumentError as error:
        print(f"make explore: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
