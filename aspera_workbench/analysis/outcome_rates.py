"""Outcome counts and success rates with Wilson intervals, per results file."""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping
from pathlib import Path

import pandas as pd

from aspera_core.records import (
    Outcome,
    ResultRow,
    ResultsFileWarning,
    counted_rows,
    judged,
    read_rows,
    summarize,
)
from aspera_workbench.analysis.statistics import success_interval
from aspera_workbench.analysis.style import OUTCOME_ORDER


def load_runs(paths: Mapping[str, str | Path]) -> dict[str, list[ResultRow]]:
    """Read several results files.

    Args:
        paths: Run label -> results file (``aspera run --out``).

    Returns:
        Run label -> its rows, in the order given.

    Raises:
        FileNotFoundError: a results file does not exist.
    """
    return {label: read_rows(path) for label, path in paths.items()}


def outcome_table(runs: Mapping[str, Iterable[ResultRow]], confidence: float = 0.95) -> pd.DataFrame:
    """One row per run: judged programs, count of every outcome, success rate and its interval.

    Each task and seed counts once (the first judged row, as :func:`aspera_core.records.summarize`
    counts). The interval is the project's interval of a success rate,
    :func:`aspera_workbench.analysis.statistics.success_interval`: Wilson's, with the
    tasks as the sample (seeds of one task are not independent draws); for a
    run without seeds it is Wilson's interval of successes / programs. It is
    around the mean over tasks of each task's success share, which is
    ``success_rate`` unless some task lacks some seed.

    Args:
        runs: Run label -> rows, e.g. from :func:`load_runs`.
        confidence: Coverage of the success-rate interval.

    Returns:
        A frame indexed by run label with columns ``n`` (judged programs: the
        denominator of ``success_rate``), one per outcome (in the outcome
        vocabulary's order), ``success_rate``, ``ci_low``, ``ci_high`` and
        ``tasks`` (tasks judged: the interval's sample).
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
            }
        )
    columns = ["run", "n", *OUTCOME_ORDER, "success_rate", "ci_low", "ci_high", "tasks"]
    return pd.DataFrame.from_records(records, columns=columns).set_index("run")
