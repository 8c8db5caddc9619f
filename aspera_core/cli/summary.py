"""``aspera summary``: outcome counts and rates of a results file.

One row per task counts (the first, if a file holds duplicates); cut-off or
invalid lines are skipped with a warning.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings

from aspera_core.records import ResultsFileWarning, format_summary, read_rows, summarize

EXAMPLE = "example: aspera summary runs/reference.jsonl --json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera summary``."""
    parser.add_argument("results", help="results file written by 'aspera run'")
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object: n, success_rate and one count per outcome"
    )


def run(args: argparse.Namespace) -> int:
    """Run ``aspera summary`` with parsed arguments.

    Args:
        args: Options declared by :func:`add_arguments`.

    Returns:
        The exit status: 0, or 2 when the file does not exist.
    """
    warnings.simplefilter("default", ResultsFileWarning)
    warnings.formatwarning = lambda message, category, *rest, **kw: f"aspera summary: warning: {message}\n"
    try:
        rows = read_rows(args.results)
    except FileNotFoundError:
        print(f"aspera summary: error: {args.results} does not exist", file=sys.stderr)
        return 2
    summary = summarize(rows)
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_summary(summary))
    return 0
