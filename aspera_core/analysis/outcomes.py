"""Outcome counts and success rates with confidence intervals, per run."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from statistics import NormalDist

import pandas as pd

from aspera_core.records import Outcome, ResultRow, read_rows, summarize

OUTCOME_ORDER = [outcome.value for outcome in Outcome]


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
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n={n}, got {successes}")
    if n == 0:
        return (math.nan, math.nan)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    low = 0.0 if successes == 0 else (centre - spread) / scale
    high = 1.0 if successes == n else (centre + spread) / scale
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
    """One row per run: task count, count of every outcome, success rate and its interval.

    Each task counts once (the first row of a task id in a file).

    Args:
        runs: Run label -> rows, e.g. from :func:`load_runs`.
        confidence: Coverage of the success-rate interval (Wilson score).

    Returns:
        A frame indexed by run label with columns ``n``, one per outcome (in the
        outcome vocabulary's order), ``success_rate``, ``ci_low`` and ``ci_high``.
    """
    records = []
    for label, rows in runs.items():
        summary = summarize(rows)
        low, high = wilson_interval(summary[Outcome.SUCCESS.value], summary["n"], confidence)
        records.append(
            {
                "run": label,
                "n": summary["n"],
                **{name: summary[name] for name in OUTCOME_ORDER},
                "success_rate": summary["success_rate"],
                "ci_low": low,
                "ci_high": high,
            }
        )
    columns = ["run", "n", *OUTCOME_ORDER, "success_rate", "ci_low", "ci_high"]
    return pd.DataFrame.from_records(records, columns=columns).set_index("run")


def plot_outcomes(table: pd.DataFrame, title: str = "Outcomes per run"):
    """Stacked horizontal bars of the share of each outcome, one bar per run.

    Args:
        table: Output of :func:`outcome_table`.
        title: Title of the figure.

    Returns:
        The matplotlib ``Figure``.
    """
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    import seaborn as sns

    shares = table[OUTCOME_ORDER].div(table["n"].where(table["n"] > 0), axis=0).fillna(0.0)
    shares = shares.loc[:, (shares > 0).any(axis=0)]  # only outcomes that occur
    colours = dict(zip(OUTCOME_ORDER, sns.color_palette("colorblind", len(OUTCOME_ORDER))))
    figure, axes = plt.subplots(figsize=(8, 0.6 * len(shares) + 1.6))
    left = pd.Series(0.0, index=shares.index)
    for outcome in shares.columns:
        axes.barh(shares.index, shares[outcome], left=left, color=colours[outcome], label=outcome)
        left += shares[outcome]
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of tasks")
    axes.invert_yaxis()
    axes.set_title(title)
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.35), ncol=4, frameon=False)
    figure.tight_layout()
    return figure
