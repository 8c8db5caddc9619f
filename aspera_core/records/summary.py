"""Counting outcomes in a results file."""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import Any

from aspera_core.outcomes import Outcome
from aspera_core.records.jsonl import ResultsFileWarning
from aspera_core.records.schema import ResultRow


def unique_rows(rows: Iterable[ResultRow]) -> list[ResultRow]:
    """The first row of every task id, in order (warns once if there were duplicates).

    Args:
        rows: Rows of one results file.

    Returns:
        One row per task id.
    """
    seen: set[str] = set()
    kept: list[ResultRow] = []
    duplicates = 0
    for row in rows:
        if row.task_id in seen:
            duplicates += 1
            continue
        seen.add(row.task_id)
        kept.append(row)
    if duplicates:
        warnings.warn(
            f"{duplicates} duplicate row(s) ignored (the first row of each task counts)",
            ResultsFileWarning,
            stacklevel=2,
        )
    return kept


def summarize(rows: Iterable[ResultRow]) -> dict[str, Any]:
    """Outcome counts of a set of rows (one per task; duplicates are ignored).

    Args:
        rows: Result rows.

    Returns:
        ``{"n": tasks, "success_rate": share of successes or None when n is 0,
        "<outcome>": count, ...}`` with a count for every outcome name, in the
        order of :class:`~aspera_core.executor.Outcome`.
    """
    kept = unique_rows(rows)
    counts = {outcome.value: 0 for outcome in Outcome}
    for row in kept:
        counts[row.outcome.value] += 1
    n = len(kept)
    return {"n": n, "success_rate": counts[Outcome.SUCCESS.value] / n if n else None, **counts}


def format_summary(summary: dict[str, Any]) -> str:
    """A small text table of a :func:`summarize` result.

    Args:
        summary: Output of :func:`summarize`.

    Returns:
        One line per outcome with its count and rate, then the total.
    """
    n = summary["n"]
    width = max(len(outcome.value) for outcome in Outcome)
    lines = [f"{'outcome':<{width}}  {'count':>6}  {'rate':>7}"]
    for outcome in Outcome:
        count = summary[outcome.value]
        rate = f"{100 * count / n:6.1f}%" if n else "     -"
        lines.append(f"{outcome.value:<{width}}  {count:>6}  {rate:>7}")
    lines.append(f"{'total':<{width}}  {n:>6}")
    return "\n".join(lines)
