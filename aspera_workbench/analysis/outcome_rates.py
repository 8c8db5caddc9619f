"""Outcome counts and success rates with Wilson intervals, per results file."""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Mapping

import pandas as pd

from aspera_core.records import (
    Outcome,
    ResultRow,
    ResultsFileWarning,
    counted_rows,
    judged,
    summarize,
)
from aspera_workbench.analysis.statistics import success_interval
from aspera_workbench.analysis.style import OUTCOME_ORDER


def outcome_table(runs: Mapping[str, Iterable[ResultRow]], confidence: float = 0.95) -> pd.DataFrame:
    """One row per run: judged programs, count of every outcome, success rate and its interval.

    Each task and seed counts once, as :func:`aspera_core.records.summarize` counts. The interval
    is :func:`aspera_workbench.analysis.statistics.success_interval` (Wilson, tasks as the sample),
    around the mean of per-task shares, which is ``success_rate`` unless a task lacks a seed.

    Returns:
        A frame indexed by run label with ``n`` (judged programs: the denominator of
        ``success_rate``), one column per outcome, ``success_rate``, ``ci_low``, ``ci_high``,
        ``tasks`` (the interval's sample) and the checked verdict's (:func:`checked_rate`).
    """
    records = []
    for label, rows in runs.items():
        rows = list(rows)
        summary = summarize(rows)
        with warnings.catch_warnings():  # summarize has already warned of duplicates
            warnings.simplefilter("ignore", ResultsFileWarning)
            kept = [row for row in counted_rows(rows) if judged(row)]
        per_task: dict[str, list[int]] = {}
        for row in kept:
            per_task.setdefault(row.task_id, []).append(row.outcome is Outcome.SUCCESS)
        shares = [sum(verdicts) / len(verdicts) for verdicts in per_task.values()]
        counts = [len(verdicts) for verdicts in per_task.values()]
        low, high = success_interval(shares, counts, confidence=confidence)
        records.append(
            {
                "run": label,
                "n": summary["n"],
                **{name: summary[name] for name in OUTCOME_ORDER},
                "success_rate": summary["success_rate"],
                "ci_low": low,
                "ci_high": high,
                "tasks": len(per_task),
                **checked_rate(kept, confidence),
            }
        )
    columns = ["run", "n", *OUTCOME_ORDER, "success_rate", "ci_low", "ci_high", "tasks", *CHECKED_RATE_COLUMNS]
    return pd.DataFrame.from_records(records, columns=columns).set_index("run")


CHECKED_RATE_COLUMNS = ["checked_success", "checked_unknown", "checked_rate", "checked_ci_low", "checked_ci_high"]


def checked_rate(kept: list[ResultRow], confidence: float = 0.95) -> dict[str, float | int]:
    """The checked verdict's success among judged rows (one per task and seed), with the same interval as the
    success rate's: ``checked_success``, ``checked_unknown`` (rows without a checked verdict) and ``checked_rate``,
    ``checked_ci_low``, ``checked_ci_high`` (NaN when one is unknown: it may be either, and is not guessed)."""
    unknown = sum(row.checked_outcome is None for row in kept)
    successes = sum(row.checked_outcome == Outcome.SUCCESS.value for row in kept)
    found: dict[str, float | int] = {"checked_success": successes, "checked_unknown": unknown}
    if unknown or not kept:
        return found | {"checked_rate": math.nan, "checked_ci_low": math.nan, "checked_ci_high": math.nan}
    per_task: dict[str, list[bool]] = {}
    for row in kept:
        per_task.setdefault(row.task_id, []).append(row.checked_outcome == Outcome.SUCCESS.value)
    shares = [sum(verdicts) / len(verdicts) for verdicts in per_task.values()]
    low, high = success_interval(shares, [len(verdicts) for verdicts in per_task.values()], confidence=confidence)
    return found | {"checked_rate": successes / len(kept), "checked_ci_low": low, "checked_ci_high": high}
