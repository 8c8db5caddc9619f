"""How sure a success rate is: intervals, paired comparisons, consistency over seeds, correlations.

Functions take a runs frame (:func:`aspera_workbench.analysis.frames.runs_frame`) and use its judged
rows. The unit of analysis is the **task**: seeds of one task are not independent draws of the
benchmark, so a task's success is first averaged over its seeds (its *success share*).

Every success rate gets :func:`success_interval` (Wilson, tasks as the sample; unlike a percentile
bootstrap it does not shrink to a point at 0 % or 100 %), a difference of two systems on the same
tasks :func:`paired_difference_interval` (Newcombe's hybrid score interval). Other statistics
(ratios, correlations, kappa) get seeded percentile bootstrap intervals with tasks resampled.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from aspera_workbench.analysis.frames import judged_rows, with_systems
from aspera_workbench.analysis.wilson import wilson_bounds

DEFAULT_SAMPLES = 2000


def check_resampling(confidence: float, samples: int) -> None:
    """Refuse a coverage outside (0, 1) or fewer than one resample, naming the bad value."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")


def bootstrap_interval(
    values: Sequence[float] | np.ndarray,
    statistic: Callable[[np.ndarray], float] = np.mean,
    *,
    samples: int = DEFAULT_SAMPLES,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval ``(low, high)`` of ``statistic`` over resamples of ``values``.

    Resamples whose statistic is not finite are left out; ``(nan, nan)`` for no values.

    Raises:
        ValueError: ``confidence`` is not in (0, 1) or ``samples`` < 1.
    """
    check_resampling(confidence, samples)
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        return (math.nan, math.nan)
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, data.size, size=(samples, data.size))
    if statistic is np.mean:
        stats = data[draws].mean(axis=1)
    else:
        stats = np.array([statistic(data[row]) for row in draws], dtype=float)
    stats = stats[np.isfinite(stats)]
    if stats.size == 0:
        return (math.nan, math.nan)
    tail = (1 - confidence) / 2
    low, high = np.quantile(stats, [tail, 1 - tail])
    return (float(low), float(high))


def cluster_interval(
    items: Sequence[int] | np.ndarray,
    clusters: Sequence[Any] | np.ndarray,
    statistic: Callable[[np.ndarray], float],
    *,
    samples: int = DEFAULT_SAMPLES,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of a statistic of item indices, resampling whole clusters.

    ``statistic`` gets the indices of the items of the clusters drawn (a cluster drawn twice gives
    its items twice); ``clusters`` gives each item's cluster (the item itself for a plain bootstrap).
    ``(nan, nan)`` for no items or when no resample gives a finite statistic.

    Raises:
        ValueError: ``items`` and ``clusters`` differ in length, or as :func:`bootstrap_interval`.
    """
    if len(items) != len(clusters):
        raise ValueError(f"{len(clusters)} clusters for {len(items)} items: give one cluster per item")
    members: dict[Any, list[int]] = {}
    for item, cluster in zip(items, clusters):
        members.setdefault(cluster, []).append(int(item))
    drawn_from = [np.array(indices) for indices in members.values()]

    def of_clusters(chosen: np.ndarray) -> float:
        return statistic(np.concatenate([drawn_from[int(index)] for index in chosen]))

    return bootstrap_interval(
        np.arange(len(drawn_from)), of_clusters, samples=samples, confidence=confidence, seed=seed
    )


def ratio_interval(
    numerators: Sequence[float] | np.ndarray,
    denominators: Sequence[float] | np.ndarray,
    *,
    samples: int = DEFAULT_SAMPLES,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``sum(numerators) / sum(denominators)``, one cluster per position.

    A cluster's numerator and denominator are resampled together; clusters with a zero denominator
    take no part (``(nan, nan)`` when none is left).
    """
    above, below = np.asarray(numerators), np.asarray(denominators)
    keep = below > 0
    above, below = above[keep].astype(float), below[keep].astype(float)

    def ratio(chosen: np.ndarray) -> float:
        rows = chosen.astype(int)
        return float(above[rows].sum() / below[rows].sum())

    return bootstrap_interval(np.arange(len(above)), ratio, samples=samples, confidence=confidence, seed=seed)


def success_interval(
    shares: Sequence[float] | np.ndarray,
    verdicts: Sequence[int] | np.ndarray | None = None,
    *,
    confidence: float = 0.95,
) -> tuple[float, float]:
    """The project's interval of a success rate: Wilson's score interval with the tasks as the sample.

    The rate is the mean of the per-task success shares. With one verdict per task this is Wilson's
    interval of successes / tasks; with several seeds the sample size is the effective one,
    ``n_eff = p(1 - p) / (var(shares) / tasks)``, kept between the task count and the number of
    verdicts (the task count when every share is the same: seeds of one task may always agree).
    It serves any mean of per-task values in [0, 1] (pass^k, pass@k).

    Args:
        shares: One success share per task, in [0, 1].
        verdicts: Verdicts behind each share (seeds judged); ``None``: one each.
        confidence: Coverage, e.g. 0.95.

    Returns:
        ``(low, high)`` in [0, 1]; ``(nan, nan)`` for no task.

    Raises:
        ValueError: ``confidence`` is not in (0, 1), a share is outside [0, 1], or
            ``verdicts`` does not give one count per share.
    """
    values = np.asarray(shares, dtype=float)
    counts = np.ones_like(values) if verdicts is None else np.asarray(verdicts, dtype=float)
    if counts.shape != values.shape:
        raise ValueError(f"{counts.size} verdict counts for {values.size} shares: give one per task")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    if values.size == 0:
        return (math.nan, math.nan)
    if ((values < 0) | (values > 1)).any():
        raise ValueError("success shares must be within [0, 1]")
    tasks = values.size
    rate = float(min(1.0, max(0.0, values.mean())))
    return clustered_wilson_bounds(rate, float(values.var()) / tasks, tasks, float(counts.sum()), confidence)


def clustered_wilson_bounds(
    rate: float, variance: float, tasks: int, verdicts: float, confidence: float = 0.95
) -> tuple[float, float]:
    """Wilson's interval of a rate over tasks, with the effective sample size ``rate (1 - rate) / variance``.

    The size is kept between the task count and ``verdicts``; the task count when the variance says
    nothing (it is 0, or the rate is 0 or 1). :func:`success_interval` and
    :func:`aspera_workbench.analysis.agreement.judged_wrong_interval` both end here.
    """
    if variance > 0 and 0 < rate < 1:
        effective = min(max(rate * (1 - rate) / variance, tasks), verdicts)
    else:
        effective = float(tasks)
    return wilson_bounds(rate, effective, confidence)


def coverage(confidence: float) -> str:
    """A coverage as labels print it: ``"95%"``, ``"97.5%"`` (never rounded to a coverage not used)."""
    return f"{100 * confidence:g}%"


def interval_name(confidence: float = 0.95) -> str:
    """How figures and tables name :func:`success_interval` (``"Wilson 95% CI, tasks as sample"``)."""
    return f"Wilson {coverage(confidence)} CI, tasks as sample"


def paired_difference_interval(
    shares_a: Sequence[float] | np.ndarray,
    shares_b: Sequence[float] | np.ndarray,
    verdicts_a: Sequence[int] | np.ndarray | None = None,
    verdicts_b: Sequence[int] | np.ndarray | None = None,
    *,
    confidence: float = 0.95,
) -> tuple[float, float]:
    """The interval of a difference of two success rates on the same tasks: Newcombe's hybrid score.

    Newcombe's method 10 for paired proportions (Newcombe 1998, *Statistics in Medicine*
    17:2635-2650), built from both systems' :func:`success_interval` ``[l, u]`` around their rates
    ``p`` and the correlation ``phi`` of their per-task shares::

        low  = (p_a - p_b) - sqrt((p_a - l_a)^2 - 2 phi (p_a - l_a)(u_b - p_b) + (u_b - p_b)^2)
        high = (p_a - p_b) + sqrt((u_a - p_a)^2 - 2 phi (u_a - p_a)(p_b - l_b) + (p_b - l_b)^2)

    With one verdict per task it is exactly method 10 (the covariance lowered by ``1 / (2n)``, kept
    when negative, ``phi = 0`` when a system's shares do not vary); with several seeds the Wilson
    intervals take the effective sample sizes. 84/84 against 0/84 gives [93.8, 100] %.

    Args:
        shares_a: System A's success share per task, in [0, 1].
        shares_b: System B's share on the same tasks, in the same order.
        verdicts_a: Verdicts behind each of A's shares; ``None``: one each.
        verdicts_b: The same for B.
        confidence: Coverage, e.g. 0.95.

    Returns:
        ``(low, high)`` of ``mean(shares_a) - mean(shares_b)``, within [-1, 1]; ``(nan, nan)`` for no task.

    Raises:
        ValueError: the systems do not give one share per task each, or as :func:`success_interval`.
    """
    a, b = np.asarray(shares_a, dtype=float), np.asarray(shares_b, dtype=float)
    if a.shape != b.shape:
        raise ValueError(f"{a.size} and {b.size} shares: give one share of each system per task")
    if a.size == 0:
        return (math.nan, math.nan)
    low_a, high_a = success_interval(a, verdicts_a, confidence=confidence)
    low_b, high_b = success_interval(b, verdicts_b, confidence=confidence)
    rate_a, rate_b = float(a.mean()), float(b.mean())
    spread = float(a.std()) * float(b.std())
    phi = 0.0
    if spread > 0:
        covariance = float(np.mean((a - rate_a) * (b - rate_b)))
        shrink = 1 / (2 * a.size)
        if covariance > shrink:
            phi = (covariance - shrink) / spread
        elif covariance < 0:
            phi = covariance / spread
    below = (rate_a - low_a) ** 2 - 2 * phi * (rate_a - low_a) * (high_b - rate_b) + (high_b - rate_b) ** 2
    above = (high_a - rate_a) ** 2 - 2 * phi * (high_a - rate_a) * (rate_b - low_b) + (rate_b - low_b) ** 2
    difference = rate_a - rate_b
    return (max(-1.0, difference - math.sqrt(max(below, 0.0))), min(1.0, difference + math.sqrt(max(above, 0.0))))


def difference_interval_name(confidence: float = 0.95) -> str:
    """How figures and tables name :func:`paired_difference_interval`."""
    return f"Newcombe paired {coverage(confidence)} CI (Wilson, tasks as sample)"


def task_success(frame: pd.DataFrame) -> pd.DataFrame:
    """Per system and task: ``seeds`` judged, ``successes`` and the success ``share``."""
    rows = judged_rows(frame)
    grouped = rows.groupby(["system", "task_id"], observed=True)["success"]
    table = grouped.agg(seeds="count", successes="sum").reset_index()
    table["successes"] = table["successes"].astype(int)
    table["share"] = table["successes"] / table["seeds"]
    return table


def success_summary(frame: pd.DataFrame, *, confidence: float = 0.95) -> pd.DataFrame:
    """Task success per system with its spread over seeds and its :func:`success_interval`.

    Returns:
        A frame indexed by ``system`` (in the frame's order) with ``agent``, ``model``, ``setting``,
        ``tasks``, ``seeds``, ``programs`` (judged rows), ``model_errors``, ``success``,
        ``success_rate`` (successes / programs), ``task_mean`` (mean of the per-task shares: the
        estimate the interval is around and :func:`paired_comparison` compares), ``seed_mean`` and
        ``seed_sd`` (of the per-seed success rates; ``seed_sd`` NaN for one seed; when a seed misses
        tasks ``seed_mean`` may fall outside the interval), ``ci_low`` and ``ci_high``.
    """
    records = []
    shares = task_success(frame)
    for system, rows in frame.groupby("system", observed=True, sort=False):
        judged = rows[rows["judged"]]
        per_seed = judged.groupby(judged["seed"].astype("object").fillna(-1), sort=True)["success"].mean()
        mine = shares[shares["system"] == system]
        low, high = success_interval(mine["share"].to_numpy(), mine["seeds"].to_numpy(), confidence=confidence)
        first = rows.iloc[0]
        records.append(
            {
                "system": system,
                "agent": first["agent"],
                "model": first["model"],
                "setting": first["setting"],
                "tasks": judged["task_id"].nunique(),
                "seeds": judged["seed"].nunique(dropna=False) if len(judged) else 0,
                "programs": len(judged),
                "model_errors": int((~rows["judged"]).sum()),
                "success": int(judged["success"].sum()),
                "success_rate": judged["success"].mean() if len(judged) else math.nan,
                "task_mean": float(mine["share"].mean()) if len(mine) else math.nan,
                "seed_mean": per_seed.mean() if len(per_seed) else math.nan,
                "seed_sd": per_seed.std(ddof=1) if len(per_seed) > 1 else math.nan,
                "ci_low": low,
                "ci_high": high,
            }
        )
    return pd.DataFrame.from_records(records).set_index("system") if records else pd.DataFrame()


def mcnemar_test(only_a: int, only_b: int) -> float:
    """Exact two-sided McNemar p-value of the discordant pairs (1.0 when there is none)."""
    from scipy.stats import binomtest  # deferred: scipy.stats takes ~2 s to import, only this test needs it

    discordant = only_a + only_b
    if discordant == 0:
        return 1.0
    return float(binomtest(only_a, discordant, 0.5).pvalue)


def paired_verdicts(frame: pd.DataFrame, a: str, b: str, columns: Sequence[str] = ("success",)) -> pd.DataFrame:
    """Verdicts of two systems side by side, paired as :func:`paired_comparison` pairs them.

    Verdicts of the same task and seed are paired when the systems share seeds (or neither has any);
    otherwise every verdict of one on a task is paired with every verdict of the other on it.

    Args:
        frame: A runs frame (or one derived from it, e.g. with error categories).
        a: System label of the first system.
        b: System label of the second system.
        columns: Columns of each verdict to keep.

    Returns:
        ``task_id``, ``seed`` (or ``seed_a`` and ``seed_b``) and each column suffixed ``_a`` and
        ``_b``; ``attrs`` holds ``seeds_a``, ``seeds_b`` and ``paired_on``.
    """
    rows = judged_rows(frame)
    kept = ["task_id", "seed", *columns]
    left = rows[rows["system"] == a][kept]
    right = rows[rows["system"] == b][kept]
    if _share_seeds(left, right):
        paired = left.merge(right, on=["task_id", "seed"], suffixes=("_a", "_b"))
        seeds_a = seeds_b = seed_list(paired["seed"])
        paired_on = _within(seeds_a)
    else:
        paired = left.merge(right, on="task_id", suffixes=("_a", "_b"))
        seeds_a, seeds_b = seed_list(paired["seed_a"]), seed_list(paired["seed_b"])
        paired_on = "task (every seed of each)"
    paired.attrs = {"seeds_a": seeds_a, "seeds_b": seeds_b, "paired_on": paired_on}
    return paired


def _share_seeds(left: pd.DataFrame, right: pd.DataFrame) -> bool:
    """Whether two systems' verdicts can be paired within seed: a seed in common, or neither has seeds."""
    return bool(set(left["seed"].dropna()) & set(right["seed"].dropna())) or bool(
        left["seed"].isna().all() and right["seed"].isna().all()
    )


def _within(seeds: str) -> str:
    return "task" if seeds == NO_SEED else "task and seed"


#: How every table writes the seeds of a run without seeds (one verdict per task, like the built-in
#: agents'): "none" alone read as "no seeds were used", "n/a (1 seed)" as a run with seed 0 or so.
NO_SEED = "one run, no seed"


def seed_list(seeds: Any) -> str:
    """Seeds as a reader sees them: ``"0, 1, 2"``, or :data:`NO_SEED` for runs without a seed."""
    known = sorted({int(s) for s in seeds if not pd.isna(s)})
    return ", ".join(str(s) for s in known) if known else NO_SEED


def sign_flip_test(differences: Sequence[float] | np.ndarray) -> float:
    """Exact two-sided sign-flip (permutation) test that paired differences centre on zero.

    The p-value is the share of the ``2^n`` sign patterns whose sum is at least as far from zero as
    the observed one, computed by convolution (each difference taken as the nearest fraction with
    denominator at most 1,000). For differences of -1, 0 and +1 it is McNemar's exact test.
    """
    fractions = [Fraction(float(d)).limit_denominator(1000) for d in differences]
    fractions = [f for f in fractions if f != 0]
    if not fractions:
        return 1.0
    scale = math.lcm(*(f.denominator for f in fractions))
    steps = [abs(int(f * scale)) for f in fractions]
    total = sum(steps)
    chances = np.zeros(2 * total + 1)
    chances[total] = 1.0  # index = sum + total
    for step in steps:
        chances = 0.5 * (np.roll(chances, step) + np.roll(chances, -step))
    observed = abs(sum(int(f * scale) for f in fractions))
    sums = np.abs(np.arange(-total, total + 1))
    return float(min(1.0, chances[sums >= observed].sum()))


def paired_comparison(frame: pd.DataFrame, a: str, b: str, *, confidence: float = 0.95) -> dict[str, Any]:
    """Compare two systems on the tasks both were judged on, using every seed of each.

    Verdicts are paired within seed when the systems share seeds (or neither has any); otherwise
    each system's success share over its seeds is taken per task and tasks are paired. Either way
    each task gives one difference of shares; it gets :func:`paired_difference_interval`, and the
    test is McNemar's exact test where every task has one verdict of each system, else
    :func:`sign_flip_test` on the per-task differences.

    Returns:
        ``system_a``, ``system_b``, ``seeds_a``, ``seeds_b``, ``paired_on`` (``"task"``, ``"task and
        seed"`` or ``"task (means over seeds)"``), ``pairs``, ``tasks``, ``success_a``,
        ``success_b`` (means of per-task shares), ``difference`` (a - b), ``ci_low``, ``ci_high``,
        ``only_a``, ``only_b`` (discordant paired verdicts, or tasks where that share is higher),
        ``test`` and ``p_value`` (exact, two-sided).

    Raises:
        KeyError: a system has no judged row.
    """
    rows = judged_rows(frame)
    systems = set(rows["system"])
    for name in (a, b):
        if name not in systems:
            raise KeyError(f"no judged rows for system {name!r}; systems: {', '.join(sorted(map(str, systems)))}")
    left = rows[rows["system"] == a][["task_id", "seed", "success"]]
    right = rows[rows["system"] == b][["task_id", "seed", "success"]]
    if _share_seeds(left, right):
        paired = left.merge(right, on=["task_id", "seed"], suffixes=("_a", "_b"))
        per_task = paired.groupby("task_id")[["success_a", "success_b"]].agg(["mean", "count"])
        seeds_a = seeds_b = seed_list(paired["seed"])
        paired_on = _within(seeds_a)
        pairs = len(paired)
        only_a = int((paired["success_a"] & ~paired["success_b"]).sum())
        only_b = int((~paired["success_a"] & paired["success_b"]).sum())
    else:
        shares_a = left.groupby("task_id")["success"].agg(["mean", "count"])
        shares_b = right.groupby("task_id")["success"].agg(["mean", "count"])
        per_task = pd.concat({"success_a": shares_a, "success_b": shares_b}, axis=1, join="inner")
        seeds_a = seed_list(left.loc[left["task_id"].isin(per_task.index), "seed"])
        seeds_b = seed_list(right.loc[right["task_id"].isin(per_task.index), "seed"])
        paired_on = "task (means over seeds)"
        pairs = len(per_task)
        only_a = int((per_task[("success_a", "mean")] > per_task[("success_b", "mean")]).sum())
        only_b = int((per_task[("success_a", "mean")] < per_task[("success_b", "mean")]).sum())
    mean_a, mean_b = per_task[("success_a", "mean")].astype(float), per_task[("success_b", "mean")].astype(float)
    difference = (mean_a - mean_b).to_numpy()
    low, high = paired_difference_interval(
        mean_a.to_numpy(),
        mean_b.to_numpy(),
        per_task[("success_a", "count")].to_numpy(),
        per_task[("success_b", "count")].to_numpy(),
        confidence=confidence,
    )
    single = bool(len(per_task)) and bool(
        (per_task[("success_a", "count")] == 1).all() and (per_task[("success_b", "count")] == 1).all()
    )
    if single:
        test, p_value = "McNemar exact", mcnemar_test(only_a, only_b)
    else:
        test, p_value = "sign-flip exact (task means)", sign_flip_test(difference)
    success_a = float(mean_a.mean()) if len(per_task) else math.nan
    success_b = float(mean_b.mean()) if len(per_task) else math.nan
    return {
        "system_a": a,
        "system_b": b,
        "seeds_a": seeds_a,
        "seeds_b": seeds_b,
        "paired_on": paired_on,
        "pairs": pairs,
        "tasks": len(per_task),
        "success_a": success_a,
        "success_b": success_b,
        "difference": success_a - success_b,
        "ci_low": low,
        "ci_high": high,
        "only_a": only_a,
        "only_b": only_b,
        "test": test,
        "p_value": p_value,
    }


def paired_comparisons(
    frame: pd.DataFrame, pairs: Sequence[tuple[str, str]] | None = None, *, confidence: float = 0.95
) -> pd.DataFrame:
    """A table of :func:`paired_comparison` for several pairs of systems (every pair by default).

    Args:
        frame: A runs frame.
        pairs: ``(a, b)`` pairs; ``None`` compares every pair in the frame's system order. A name
            that is not a system may be a run's label (``runs_frame({"o1-cck": path})``); it stands
            for that run's system, and the table names the system.
        confidence: Coverage of the intervals.

    Returns:
        One row per pair: ``system A``, ``system B``, ``seeds A``, ``seeds B``, ``paired on``,
        ``pairs``, ``tasks``, ``success A (%)``, ``success B (%)``, ``A - B (%)``, ``CI low (%)``,
        ``CI high (%)``, ``A ahead``, ``B ahead``, ``test`` and ``p``.
    """
    systems = [s for s in frame["system"].cat.categories if (judged_rows(frame)["system"] == s).any()]
    if pairs is None:
        chosen = list(itertools.combinations(systems, 2))
    else:
        chosen = [(_system_named(frame, a), _system_named(frame, b)) for a, b in pairs]
    records = [paired_comparison(frame, a, b, confidence=confidence) for a, b in chosen]
    table = pd.DataFrame.from_records(records, columns=list(_PAIRED_COLUMNS))
    for column in ("success_a", "success_b", "difference", "ci_low", "ci_high"):
        table[column] = 100 * table[column]
    table = table.rename(columns=_PAIRED_COLUMNS)
    table.attrs["confidence"] = confidence
    return table


def _system_named(frame: pd.DataFrame, name: str) -> str:
    """The system ``name`` stands for: itself if it is one, else the system of the run labelled so."""
    if (frame["system"] == name).any():
        return name
    systems = frame.loc[frame["run"] == name, "system"].astype(str).unique()
    return str(systems[0]) if len(systems) == 1 else name  # unknown (or mixed): paired_comparison says so


# paired_comparison's keys -> the table's column names (rates in percent there).
_PAIRED_COLUMNS = {
    "system_a": "system A",
    "system_b": "system B",
    "seeds_a": "seeds A",
    "seeds_b": "seeds B",
    "paired_on": "paired on",
    "pairs": "pairs",
    "tasks": "tasks",
    "success_a": "success A (%)",
    "success_b": "success B (%)",
    "difference": "A - B (%)",
    "ci_low": "CI low (%)",
    "ci_high": "CI high (%)",
    "only_a": "A ahead",
    "only_b": "B ahead",
    "test": "test",
    "p_value": "p",
}


def seed_consistency(frame: pd.DataFrame) -> pd.DataFrame:
    """The columns of :func:`task_success` plus ``consistent`` (every seed agreed) and ``flips`` (not)."""
    table = task_success(frame)
    table["consistent"] = (table["successes"] == 0) | (table["successes"] == table["seeds"])
    table["flips"] = ~table["consistent"]
    return table


def _choose(n: int, k: int) -> float:
    return float(math.comb(n, k)) if 0 <= k <= n else 0.0


def _check_tries(successes: int, trials: int, k: int) -> None:
    if not 1 <= k <= trials:
        raise ValueError(f"k must be between 1 and the number of tries ({trials}), got {k}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, got {successes}")


def pass_hat_k(successes: int, trials: int, k: int) -> float:
    """Unbiased estimate of pass^k, ``C(c, k) / C(n, k)``: the chance that ``k`` of ``n`` tries all succeed.

    Raises:
        ValueError: ``k`` is not within ``1..trials`` or ``successes`` not within ``0..trials``.
    """
    _check_tries(successes, trials, k)
    return _choose(successes, k) / _choose(trials, k)


def pass_at_k(successes: int, trials: int, k: int) -> float:
    """Unbiased estimate of pass@k, ``1 - C(n - c, k) / C(n, k)``: at least one of ``k`` tries succeeds."""
    _check_tries(successes, trials, k)
    return 1.0 - _choose(trials - successes, k) / _choose(trials, k)


def pass_k_table(frame: pd.DataFrame, *, confidence: float = 0.95) -> pd.DataFrame:
    """pass^k and pass@k per system for every k up to the fewest seeds any of its tasks has, in percent.

    Each is the mean over tasks of the per-task unbiased estimate, with :func:`success_interval` of
    those estimates.

    Returns:
        One row per system and k: ``system``, ``k``, ``tasks`` (the denominator), ``pass^k (%)``,
        ``pass^k CI low (%)``, ``pass^k CI high (%)`` and the same three for ``pass@k``. The coverage
        is in ``attrs["confidence"]``.
    """
    records = []
    table = task_success(frame)
    for system, rows in table.groupby("system", observed=True, sort=False):
        most = int(rows["seeds"].min()) if len(rows) else 0
        verdicts = rows["seeds"].to_numpy()
        for k in range(1, most + 1):
            record: dict[str, Any] = {"system": system, "k": k, "tasks": len(rows)}
            for name, estimate in (("pass^k", pass_hat_k), ("pass@k", pass_at_k)):
                values = [estimate(c, n, k) for c, n in zip(rows["successes"], rows["seeds"])]
                low, high = success_interval(values, verdicts, confidence=confidence)
                record[f"{name} (%)"] = 100 * float(np.mean(values))
                record[f"{name} CI low (%)"] = 100 * low
                record[f"{name} CI high (%)"] = 100 * high
            records.append(record)
    table = pd.DataFrame.from_records(records, columns=_PASS_K_COLUMNS)
    table.attrs["confidence"] = confidence
    return with_systems(table, frame)


_PASS_K_COLUMNS = ["system", "k", "tasks"] + [
    f"{name}{suffix}" for name in ("pass^k", "pass@k") for suffix in (" (%)", " CI low (%)", " CI high (%)")
]


def verdict_flips(frame: pd.DataFrame) -> pd.DataFrame:
    """How many tasks change verdict between seeds, per system and per pair of seeds.

    Returns:
        One row per system and seed pair (``seed_a``, ``seed_b``) with ``seeds`` (the system's seeds
        judged), ``tasks`` (judged under both), ``flips`` and ``share (%)`` (flips / tasks), plus one
        row per system with ``seed_a`` = ``seed_b`` = ``"any"`` (tasks judged under at least two
        seeds, and those that both succeeded and failed). A system with one seed (or none) has one
        row, ``"n/a (1 seed)"`` (or :data:`NO_SEED`), with empty counts.
    """
    rows = judged_rows(frame)
    records = []
    for system, group in rows.groupby("system", observed=True, sort=False):
        verdicts = group.pivot_table(index="task_id", columns="seed", values="success", aggfunc="first")
        seeds = [s for s in verdicts.columns if not pd.isna(s)]
        if len(seeds) < 2:
            alone = "n/a (1 seed)" if seeds else NO_SEED
            records.append({"system": system, "seeds": max(len(seeds), 1), "seed_a": alone, "seed_b": alone})
            continue
        for first, second in itertools.combinations(sorted(seeds), 2):
            both = verdicts[[first, second]].dropna()
            records.append(
                {
                    "system": system,
                    "seeds": len(seeds),
                    "seed_a": str(first),
                    "seed_b": str(second),
                    "tasks": len(both),
                    "flips": int((both[first] != both[second]).sum()),
                }
            )
        counts = verdicts[seeds].notna().sum(axis=1)
        several = verdicts.loc[counts >= 2, seeds]
        flips = int((several.min(axis=1, skipna=True) != several.max(axis=1, skipna=True)).sum()) if len(several) else 0
        records.append(
            {
                "system": system,
                "seeds": len(seeds),
                "seed_a": "any",
                "seed_b": "any",
                "tasks": len(several),
                "flips": flips,
            }
        )
    table = pd.DataFrame.from_records(records, columns=["system", "seeds", "seed_a", "seed_b", "tasks", "flips"])
    table["tasks"] = table["tasks"].astype("Int64")
    table["flips"] = table["flips"].astype("Int64")
    table["share (%)"] = 100 * table["flips"].astype(float) / table["tasks"].astype(float).where(table["tasks"] > 0)
    return table


def benchmark_correlation(
    success: pd.Series,
    scores: pd.DataFrame,
    *,
    confidence: float = 0.95,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> pd.DataFrame:
    """Spearman's rho and Kendall's tau-b of per-model success against each benchmark's scores.

    Each comes with its p-value and a percentile bootstrap interval (models resampled; resamples with
    a constant side skipped).

    Args:
        success: Success rate per model (index: model name).
        scores: Columns ``model``, ``benchmark``, ``score``.

    Returns:
        One row per benchmark: ``benchmark``, ``models``, then ``spearman`` and ``kendall``, each with
        ``_p``, ``_low`` and ``_high``.

    Raises:
        ValueError: ``scores`` lacks one of the columns.
    """
    from scipy.stats import kendalltau, spearmanr  # deferred: as in mcnemar_test

    missing = {"model", "benchmark", "score"} - set(scores.columns)
    if missing:
        raise ValueError(f"benchmark scores need the columns model, benchmark, score; missing: {sorted(missing)}")
    records = []
    for benchmark, group in scores.groupby("benchmark", sort=True):
        joined = group.set_index("model")["score"].astype(float).to_frame().join(success.rename("success"), how="inner")
        joined = joined.dropna()
        x, y = joined["success"].to_numpy(), joined["score"].to_numpy()
        record: dict[str, Any] = {"benchmark": benchmark, "models": len(joined)}
        for name, function in (("spearman", spearmanr), ("kendall", kendalltau)):
            value = p_value = low = high = math.nan
            if len(joined) >= 3 and np.ptp(x) > 0 and np.ptp(y) > 0:
                result = function(x, y)
                value, p_value = float(result.statistic), float(result.pvalue)
                rng = np.random.default_rng(seed)
                draws = rng.integers(0, len(x), size=(samples, len(x)))
                stats = [float(function(x[d], y[d]).statistic) for d in draws if np.ptp(x[d]) > 0 and np.ptp(y[d]) > 0]
                if stats:
                    tail = (1 - confidence) / 2
                    low, high = (float(v) for v in np.quantile(stats, [tail, 1 - tail]))
            record.update({name: value, f"{name}_p": p_value, f"{name}_low": low, f"{name}_high": high})
        records.append(record)
    columns = ["benchmark", "models"] + [
        f"{name}{suffix}" for name in ("spearman", "kendall") for suffix in ("", "_p", "_low", "_high")
    ]
    return pd.DataFrame.from_records(records, columns=columns)


def _codes(first: Sequence[Any] | np.ndarray, second: Sequence[Any] | np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Both raters' labels as integer codes of one shared vocabulary, and its size."""
    a, b = list(first), list(second)
    if len(a) != len(b):
        raise ValueError(f"the raters labelled different numbers of items ({len(a)} and {len(b)})")
    vocabulary: dict[Any, int] = {}
    codes_a = np.array([vocabulary.setdefault(label, len(vocabulary)) for label in a], dtype=int)
    codes_b = np.array([vocabulary.setdefault(label, len(vocabulary)) for label in b], dtype=int)
    return codes_a, codes_b, len(vocabulary)


def _kappa(codes_a: np.ndarray, codes_b: np.ndarray, size: int) -> float:
    n = len(codes_a)
    if n == 0:
        return math.nan
    observed = float(np.mean(codes_a == codes_b))
    expected = float(np.dot(np.bincount(codes_a, minlength=size), np.bincount(codes_b, minlength=size))) / (n * n)
    if math.isclose(expected, 1.0):
        return math.nan
    return (observed - expected) / (1 - expected)


def cohens_kappa(first: Sequence[Any] | np.ndarray, second: Sequence[Any] | np.ndarray) -> float:
    """Cohen's kappa of two raters' labels of the same items, ``(p_o - p_e) / (1 - p_e)``.

    NaN when there is no item or ``p_e = 1`` (both gave every item one same label).

    Raises:
        ValueError: the two sequences differ in length.
    """
    return _kappa(*_codes(first, second))


def kappa_interval(
    first: Sequence[Any] | np.ndarray | pd.DataFrame,
    second: Sequence[Any] | np.ndarray | None = None,
    groups: Sequence[Any] | np.ndarray | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of :func:`cohens_kappa` of ``first`` and ``second``, or without
    ``second`` of :func:`fleiss_kappa` of the ratings ``first``.

    Items are resampled, or, with ``groups`` (one per item), whole groups are: several programs of
    one task are not independent draws. Fleiss' items with fewer than two labels take no part;
    resamples on which kappa is undefined are left out.

    Raises:
        ValueError: the raters' sequences differ in length, ``groups`` gives not one group per
            item, or as :func:`bootstrap_interval`.
    """
    if second is None:
        counts, kept = _fleiss_counts(first)
        size, items = len(counts), np.flatnonzero(kept)

        def kappa_of(rows: np.ndarray) -> float:
            return _fleiss(counts[rows])
    else:
        codes_a, codes_b, labels = _codes(first, second)
        size, items = len(codes_a), np.arange(len(codes_a))

        def kappa_of(rows: np.ndarray) -> float:
            return _kappa(codes_a[rows], codes_b[rows], labels)

    clusters: Any = items
    if groups is not None:
        if len(groups) != size:
            raise ValueError(f"{len(groups)} groups for {size} items: give one group per item")
        listed = list(groups)
        clusters = [listed[item] for item in items]
    return cluster_interval(items, clusters, kappa_of, samples=samples, confidence=confidence, seed=seed)


def _absent(label: Any) -> bool:
    """A missing label: ``None``, NaN, ``pd.NA`` or an empty text."""
    if label is None or label is pd.NA or (isinstance(label, str) and not label.strip()):
        return True
    return isinstance(label, float) and math.isnan(label)


def _fleiss_counts(ratings: Sequence[Sequence[Any]] | pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """Per item and label, how many raters gave that label; and which items had at least two labels."""
    rows = ratings.itertuples(index=False, name=None) if isinstance(ratings, pd.DataFrame) else ratings
    vocabulary: dict[Any, int] = {}
    per_item: list[list[int]] = []
    for labels in rows:
        per_item.append([vocabulary.setdefault(label, len(vocabulary)) for label in labels if not _absent(label)])
    counts = np.zeros((len(per_item), max(len(vocabulary), 1)), dtype=float)
    for item, codes in enumerate(per_item):
        np.add.at(counts[item], codes, 1)
    kept = counts.sum(axis=1) >= 2
    return counts, kept


def _fleiss(counts: np.ndarray) -> float:
    if len(counts) == 0:
        return math.nan
    raters = counts.sum(axis=1)
    agreement = ((counts**2).sum(axis=1) - raters) / (raters * (raters - 1))
    observed = float(agreement.mean())
    shares = counts.sum(axis=0) / counts.sum()
    expected = float((shares**2).sum())
    if math.isclose(expected, 1.0):
        return math.nan
    return (observed - expected) / (1 - expected)


def fleiss_kappa(ratings: Sequence[Sequence[Any]] | pd.DataFrame) -> float:
    """Fleiss' kappa of any number of raters on the same items (raters may skip items).

    ``P_i = (sum_j n_ij^2 - n_i) / (n_i (n_i - 1))`` per item with at least two labels, ``P`` their
    mean, ``P_e = sum_j p_j^2`` over the pooled label shares; ``kappa = (P - P_e) / (1 - P_e)``.

    Args:
        ratings: Items x raters (rows or a frame); ``None``, NaN or an empty text for no label.

    Returns:
        Kappa; NaN when no item has two labels or ``P_e = 1``.
    """
    counts, kept = _fleiss_counts(ratings)
    return _fleiss(counts[kept])
