"""Outcome counts and success rates with Wilson intervals, per results file."""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Mapping
from pathlib import Path
from statistics import NormalDist

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
from aspera_workbench.analysis.style import OUTCOME_ORDER


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a success rate.

    With ``p = successes / n`` and ``z`` the two-sided normal quantile of
    ``confidence``, the bounds are
    ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``. Unlike the normal
    approximation it stays inside [0, 1] and is sensible at 0 % and 100 %,
    which small benchmark runs often hit.

    Args:
        successes: Number of successful tasks.
        n: Number of tasks.
        confidence: Coverage of the interval, e.g. 0.95.

    Returns:
        ``(low, high)``; ``(nan, nan)`` when ``n`` is 0.

    Raises:
        ValueError: ``successes`` is not within ``0..n`` or ``confidence`` not in (0, 1).
    """
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n={n}, got {successes}")
    if n == 0:
        if not 0 < confidence < 1:
            raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
        return (math.nan, math.nan)
    return wilson_bounds(successes / n, n, confidence)


def wilson_bounds(rate: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a rate observed on a sample of size ``n`` (``n`` need not be whole).

    :func:`wilson_interval` is this with ``rate = successes / n``; a
    non-integer ``n`` is an effective sample size (see
    :func:`aspera_workbench.analysis.statistics.success_interval`).

    Args:
        rate: The observed rate, in [0, 1].
        n: The sample size, > 0.
        confidence: Coverage of the interval, e.g. 0.95.

    Returns:
        ``(low, high)``.

    Raises:
        ValueError: ``rate`` is not in [0, 1], ``n`` is not positive or ``confidence`` not in (0, 1).
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    if not 0 <= rate <= 1 or not n > 0:
        raise ValueError(f"need a rate in [0, 1] and a positive sample size, got {rate} and {n}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    centre = rate + z * z / (2 * n)
    spread = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    low = 0.0 if rate == 0 else (centre - spread) / scale
    high = 1.0 if rate == 1 else (centre + spread) / scale
    return (low, high)


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
    from aspera_workbench.analysis.statistics import success_interval

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
