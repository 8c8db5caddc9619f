"""How sure a success rate is: intervals, paired comparisons, consistency over seeds, correlations.

All functions take a frame from :func:`aspera_workbench.analysis.frames.runs_frame`
and use its judged rows (``model_error`` rows are not verdicts on programs).
Resampling is seeded (``seed``), so the same inputs give the same intervals.

The unit of analysis is the **task**: seeds of one task are not independent
draws of the benchmark, so a task's success is first averaged over its seeds
(its *success share*).

Intervals of a success rate (Table 3, the success figures, the bands over
reference length, pass^k and pass@k) all come from :func:`success_interval`:
a Wilson score interval with the tasks as the sample. With one verdict per
task it is Wilson's interval of successes / tasks; with several seeds the
sample size is the effective one the spread of the tasks' shares implies.
Unlike a percentile bootstrap it does not shrink to a point at 0 % or 100 %
(no resample of 0/84 can differ from 0). A difference of two systems'
success rates on the same tasks gets the matching interval,
:func:`paired_difference_interval`: Newcombe's hybrid score interval for
paired proportions, built from the two Wilson intervals. Other statistics
(ratios, correlations, kappa) get percentile bootstrap intervals with tasks
resampled (a cluster bootstrap).
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
    """Refuse a coverage outside (0, 1) or fewer than one resample, naming the bad value.

    Raises:
        ValueError: ``confidence`` is not in (0, 1) or ``samples`` < 1.
    """
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
    """Percentile bootstrap interval of a statistic of independent values.

    Draws ``samples`` resamples of the values with replacement, computes the
    statistic on each, and returns the ``(1 - confidence) / 2`` and
    ``(1 + confidence) / 2`` quantiles of those statistics.

    Args:
        values: The observations (e.g. one success share per task).
        statistic: Function of a 1-d array (vectorised over rows when given a
            2-d array with ``axis=1`` is not required: it is applied per resample).
        samples: Number of resamples.
        confidence: Coverage, e.g. 0.95.
        seed: Seed of the random generator.

    Returns:
        ``(low, high)``; ``(nan, nan)`` for no values.

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
    """Percentile bootstrap interval of a statistic of items, resampling whole clusters of items.

    The clusters (in order of first appearance) are drawn with replacement as
    :func:`bootstrap_interval` draws values; each resample hands ``statistic``
    the items of the clusters drawn, a cluster drawn twice giving its items
    twice. Resamples on which the statistic is not finite are left out.

    Args:
        items: The items' indices (what ``statistic`` is given).
        clusters: The cluster of each item, in the order of ``items``
            (e.g. its task id; the item itself for an item-level bootstrap).
        statistic: Function of the indices of a resample's items.
        samples: Number of resamples.
        confidence: Coverage, e.g. 0.95.
        seed: Seed of the random generator.

    Returns:
        ``(low, high)``; ``(nan, nan)`` for no items, or when the statistic is
        not finite on any resample.

    Raises:
        ValueError: ``items`` and ``clusters`` differ in length, ``confidence``
            is not in (0, 1) or ``samples`` < 1.
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
    """Percentile bootstrap interval of ``sum(numerators) / sum(denominators)``, clusters resampled.

    Each position is one cluster (e.g. a task: the judgements on it wrong,
    and judged); positions are resampled with replacement, keeping a
    cluster's numerator and denominator together. Clusters with a zero
    denominator take no part.

    Args:
        numerators: Per cluster, what is counted.
        denominators: Per cluster, out of how many.
        samples: Number of resamples.
        confidence: Coverage, e.g. 0.95.
        seed: Seed of the random generator.

    Returns:
        ``(low, high)``; ``(nan, nan)`` when no cluster has a denominator.

    Raises:
        ValueError: ``confidence`` is not in (0, 1) or ``samples`` < 1.
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

    The rate is the mean over tasks of each task's success share ``s_i``
    (successes / verdicts of that task). With one verdict per task this is
    Wilson's interval of successes out of tasks. With several seeds the
    sample size is the effective one, ``n_eff = p(1 - p) / Var(mean share)``
    (the spread of the shares between tasks, ``Var(mean share) = var(s) /
    tasks`` with the population variance), the number of independent
    verdicts that would be as informative: it is the task count when every
    task's seeds agree and at most the number of verdicts when they vary
    within tasks. When every task has the same share (e.g. all 0 %) the
    spread says nothing, and the task count is taken: the cautious choice,
    as seeds of one task may always agree. The same formula serves any mean
    of per-task values in [0, 1] (pass^k, pass@k).

    Args:
        shares: One success share per task, in [0, 1].
        verdicts: Verdicts behind each share (seeds judged); ``None``: one each.
        confidence: Coverage, e.g. 0.95.

    Returns:
        ``(low, high)`` in [0, 1]; ``(nan, nan)`` for no task.

    Raises:
        ValueError: ``confidence`` is not in (0, 1), a share is outside [0, 1],
            or ``verdicts`` does not give one count per share.
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
    """Wilson's interval of a rate estimated over tasks, each task with one verdict or several.

    The sample size is the effective one, ``rate (1 - rate) / variance``, kept
    between the number of tasks and the number of verdicts behind the rate.
    When the variance says nothing (it is 0, or the rate is 0 or 1) the task
    count is taken. :func:`success_interval` and
    :func:`aspera_workbench.analysis.agreement.judged_wrong_interval` both end here.

    Args:
        rate: The estimated rate, in [0, 1].
        variance: The estimate's variance over tasks.
        tasks: The number of tasks, > 0.
        verdicts: The number of verdicts (or labels) behind the rate.
        confidence: Coverage, e.g. 0.95.

    Returns:
        ``(low, high)`` in [0, 1].
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
    """The project's interval of a difference of two success rates on the same tasks: Newcombe's hybrid score.

    Newcombe's method 10 for paired proportions (Newcombe 1998, *Statistics
    in Medicine* 17:2635-2650) built from the two systems'
    :func:`success_interval` ``[l_a, u_a]`` and ``[l_b, u_b]`` around their
    rates ``p_a`` and ``p_b``, and the correlation ``phi`` of the two systems'
    per-task shares::

        low  = (p_a - p_b) - sqrt((p_a - l_a)^2 - 2 phi (p_a - l_a)(u_b - p_b) + (u_b - p_b)^2)
        high = (p_a - p_b) + sqrt((u_a - p_a)^2 - 2 phi (u_a - p_a)(p_b - l_b) + (p_b - l_b)^2)

    With one verdict per task and system this is exactly method 10: the
    Wilson intervals of successes / tasks and the phi coefficient of the
    paired 2 x 2 table, ``(ad - bc) / sqrt(product of the margins)``, with
    ``ad - bc`` lowered by ``n / 2`` when it exceeds that, set to 0 when
    between 0 and ``n / 2`` and kept when negative, and ``phi = 0`` when a
    margin is 0 (e.g. one system solved every task). With several seeds the
    same construction takes the Wilson intervals with the effective sample
    sizes of :func:`success_interval` and the correlation of the shares over
    tasks (its covariance lowered by ``1 / (2n)``, the same correction; 0 when
    a system's shares do not vary). Like the Wilson interval it does not
    shrink to a point at the extremes: 84/84 against 0/84 gives [93.8, 100] %.

    Args:
        shares_a: System A's success share per task, in [0, 1].
        shares_b: System B's share on the same tasks, in the same order.
        verdicts_a: Verdicts behind each of A's shares; ``None``: one each.
        verdicts_b: The same for B.
        confidence: Coverage, e.g. 0.95.

    Returns:
        ``(low, high)`` of ``mean(shares_a) - mean(shares_b)``, within [-1, 1];
        ``(nan, nan)`` for no task.

    Raises:
        ValueError: the systems do not give one share per task each, or as
            :func:`success_interval`.
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
    """Per system and task: seeds judged, successes and the success share.

    Args:
        frame: A runs frame.

    Returns:
        A frame with columns ``system``, ``task_id``, ``seeds``, ``successes``, ``share``.
    """
    rows = judged_rows(frame)
    grouped = rows.groupby(["system", "task_id"], observed=True)["success"]
    table = grouped.agg(seeds="count", successes="sum").reset_index()
    table["successes"] = table["successes"].astype(int)
    table["share"] = table["successes"] / table["seeds"]
    return table


def success_summary(
    frame: pd.DataFrame, *, confidence: float = 0.95, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> pd.DataFrame:
    """Task success per system with its spread over seeds and its interval (:func:`success_interval`).

    Args:
        frame: A runs frame.
        confidence: Coverage of the interval.
        samples: Unused (the interval needs no resampling); kept for callers.
        seed: Unused, as ``samples``.

    Returns:
        A frame indexed by ``system`` (in the frame's order) with ``agent``,
        ``model``, ``setting``, ``tasks`` (distinct tasks judged), ``seeds``
        (distinct seeds), ``programs`` (judged rows), ``model_errors``,
        ``success`` (successful programs), ``success_rate`` (successes /
        programs), ``task_mean`` (mean over tasks of each task's success
        share: the estimate ``ci_low`` and ``ci_high`` are around, and the one
        :func:`paired_comparison` compares), ``seed_mean`` and ``seed_sd``
        (mean and sample standard deviation of the per-seed success rates;
        ``seed_sd`` is NaN for one seed), ``ci_low`` and ``ci_high``
        (:func:`success_interval` of the per-task success shares). When every
        task has every seed, ``task_mean`` equals ``seed_mean``; when a seed
        misses tasks, ``seed_mean`` weighs its few tasks as much as another
        seed's many and may fall outside the interval.
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
    """Exact two-sided McNemar test of paired binary outcomes.

    Under the null hypothesis that both systems succeed equally often, each
    discordant pair (one system succeeds, the other fails) is equally likely
    to favour either, so ``only_a`` is Binomial(``only_a + only_b``, 1/2).

    Args:
        only_a: Pairs where only system A succeeded.
        only_b: Pairs where only system B succeeded.

    Returns:
        The two-sided p-value (1.0 when there is no discordant pair).
    """
    from scipy.stats import binomtest  # deferred: scipy.stats takes ~2 s to import, only this test needs it

    discordant = only_a + only_b
    if discordant == 0:
        return 1.0
    return float(binomtest(only_a, discordant, 0.5).pvalue)


def paired_verdicts(frame: pd.DataFrame, a: str, b: str, columns: Sequence[str] = ("success",)) -> pd.DataFrame:
    """Verdicts of two systems side by side, for counting (e.g. error categories) on the same programs' tasks.

    Every judged verdict takes part, as in :func:`paired_comparison`: when
    the systems share seeds (or neither has any), verdicts of the same task
    and seed are paired, on the shared seeds; otherwise (e.g. a seeded model
    against a run without seed, or runs under different seeds) every
    verdict of one system on a task is paired with every verdict of the
    other on that task (three seeds against one give three pairs per task).
    Counts over these pairs are over verdict pairs, so a task weighs by its
    number of pairs; with the same seeds on every task, shares of the pairs
    are the per-task means :func:`paired_comparison` averages.

    Args:
        frame: A runs frame (or a frame derived from one, e.g. with error categories).
        a: System label of the first system.
        b: System label of the second system.
        columns: Columns of each verdict to keep (``success`` and any others).

    Returns:
        ``task_id``, the ``seed`` (or ``seed_a`` and ``seed_b`` when paired on
        the task) and each column twice, suffixed ``_a`` and ``_b``. Its
        ``attrs`` say how: ``seeds_a`` and ``seeds_b`` (the seeds of the pairs,
        :data:`NO_SEED` for a run without seed) and ``paired_on`` (``"task and
        seed"`` or ``"task (every seed of each)"``).
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
    """How verdicts of shared seeds are paired: by task and seed, or by task alone when neither run has seeds."""
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

    Under the null hypothesis that two systems are equally good on every
    task, each task's difference ``d_i`` (A's success share minus B's) is as
    likely to be ``+d_i`` as ``-d_i``. The p-value is the share of the
    ``2^n`` sign patterns whose sum is at least as far from zero as the
    observed sum; it is computed exactly by convolution (differences are
    shares of a few seeds, so rationals with small denominators; each is
    taken as the nearest fraction with denominator at most 1,000).

    With one binary verdict per task and system the differences are -1, 0 or
    +1 and the test is McNemar's exact test of the discordant pairs.

    Args:
        differences: One paired difference per task.

    Returns:
        The two-sided p-value (1.0 when every difference is zero or there is none).
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


def paired_comparison(
    frame: pd.DataFrame, a: str, b: str, *, confidence: float = 0.95, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> dict[str, Any]:
    """Compare two systems on the tasks both were judged on, using every seed of each.

    Pairing: when the two systems share seeds (or neither has any), verdicts
    are paired within seed, on the shared seeds; otherwise (e.g. a seeded
    model against a deterministic agent without seed) each system's success
    share over all its seeds is taken per task, and tasks are paired. Either
    way each task gives one difference of success shares, so the success
    columns are means over tasks of those shares (Table 3's figures when every
    task has every seed). The difference gets
    :func:`paired_difference_interval` (Newcombe's hybrid score interval
    from the two systems' Wilson intervals and the correlation of their
    per-task shares; method 10 of Newcombe 1998 with one verdict per task).

    The test: McNemar's exact test where every task has exactly one verdict
    of each system (binary pairs); otherwise, where a task has several,
    :func:`sign_flip_test` on the per-task differences (which is McNemar's
    test in the binary case), named in ``test``.

    Args:
        frame: A runs frame.
        a: System label of the first system.
        b: System label of the second system.
        confidence: Coverage of the interval.
        samples: Unused (the interval needs no resampling); kept for callers.
        seed: Unused, as ``samples``.

    Returns:
        ``system_a``, ``system_b``, ``seeds_a``, ``seeds_b`` (the seeds used,
        :data:`NO_SEED` for a run without seed), ``paired_on`` (``"task"`` for runs without seeds, ``"task and seed"``
        or ``"task (means over seeds)"``), ``pairs`` (paired verdicts within
        seed, or paired tasks), ``tasks``, ``success_a``, ``success_b``
        (means over tasks of each task's success share), ``difference``
        (a - b), ``ci_low``, ``ci_high`` (its interval), ``only_a``,
        ``only_b`` (within seed: paired verdicts only that system got right;
        on task means: tasks on which its share is higher), ``test`` and
        ``p_value`` (exact, two-sided).

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
    frame: pd.DataFrame,
    pairs: Sequence[tuple[str, str]] | None = None,
    *,
    confidence: float = 0.95,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> pd.DataFrame:
    """:func:`paired_comparison` for several pairs of systems (every pair by default).

    Args:
        frame: A runs frame.
        pairs: ``(a, b)`` system pairs; ``None`` compares every pair in the frame's system order.
            A name that is not a system may be a run's label (``runs_frame({"o1-cck": path})``,
            the label a parameter set gives a results file or an agent): it stands for that
            run's system, and the table names the system.
        confidence: Coverage of the intervals.
        samples: Unused (the intervals need no resampling); kept for callers.
        seed: Unused, as ``samples``.

    Returns:
        One row per pair: ``system A``, ``system B``, ``seeds A``, ``seeds
        B`` (the seeds used), ``paired on`` (``task and seed`` or ``task
        (means over seeds)``), ``pairs``, ``tasks``, ``success A (%)``,
        ``success B (%)``, ``A - B (%)`` with its ``CI low (%)`` and ``CI
        high (%)`` (:func:`paired_difference_interval`), ``A ahead`` and ``B ahead``
        (discordant paired verdicts, or tasks where that system's share is
        higher), ``test`` (``McNemar exact`` or ``sign-flip exact (task
        means)``) and ``p`` (two-sided).
    """
    systems = [s for s in frame["system"].cat.categories if (judged_rows(frame)["system"] == s).any()]
    if pairs is None:
        chosen = list(itertools.combinations(systems, 2))
    else:
        chosen = [(_system_named(frame, a), _system_named(frame, b)) for a, b in pairs]
    records = [paired_comparison(frame, a, b, confidence=confidence, samples=samples, seed=seed) for a, b in chosen]
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
    """Per system and task: how the verdicts over seeds agree.

    Args:
        frame: A runs frame.

    Returns:
        The columns of :func:`task_success` plus ``consistent`` (every seed
        gave the same verdict) and ``flips`` (the task succeeded under some
        seeds and failed under others).
    """
    table = task_success(frame)
    table["consistent"] = (table["successes"] == 0) | (table["successes"] == table["seeds"])
    table["flips"] = ~table["consistent"]
    return table


def _choose(n: int, k: int) -> float:
    return float(math.comb(n, k)) if 0 <= k <= n else 0.0


def pass_hat_k(successes: int, trials: int, k: int) -> float:
    """Unbiased estimate of pass^k: the chance that ``k`` independent tries at a task all succeed.

    With ``c`` successes in ``n`` tries, ``pass^k = C(c, k) / C(n, k)``
    (the chance that ``k`` tries drawn without replacement from the ``n`` all
    succeeded). Its counterpart ``pass@k = 1 - C(n - c, k) / C(n, k)`` is the
    chance that at least one of them did.

    Args:
        successes: ``c``.
        trials: ``n`` (at least ``k``).
        k: Tries that must all succeed.

    Returns:
        The estimate in [0, 1].

    Raises:
        ValueError: ``k`` is not within ``1..trials`` or ``successes`` not within ``0..trials``.
    """
    if not 1 <= k <= trials:
        raise ValueError(f"k must be between 1 and the number of tries ({trials}), got {k}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, got {successes}")
    return _choose(successes, k) / _choose(trials, k)


def pass_at_k(successes: int, trials: int, k: int) -> float:
    """Unbiased estimate of pass@k: the chance that at least one of ``k`` tries succeeds (see :func:`pass_hat_k`)."""
    if not 1 <= k <= trials:
        raise ValueError(f"k must be between 1 and the number of tries ({trials}), got {k}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, got {successes}")
    return 1.0 - _choose(trials - successes, k) / _choose(trials, k)


def pass_k_table(frame: pd.DataFrame, *, confidence: float = 0.95) -> pd.DataFrame:
    """pass^k and pass@k per system for every k up to the fewest seeds any of its tasks has, in percent.

    Each is the mean over tasks of the per-task unbiased estimate
    (:func:`pass_hat_k`, :func:`pass_at_k`): the share of tasks passed in all
    k of k tries, and in at least one of k tries. Their intervals are
    :func:`success_interval` of the per-task estimates (tasks as the sample),
    as for every success rate.

    Args:
        frame: A runs frame.
        confidence: Coverage of the intervals.

    Returns:
        One row per system and k with ``system``, ``k``, ``tasks`` (the
        denominator), ``pass^k (%)``, ``pass^k CI low (%)``, ``pass^k CI
        high (%)``, ``pass@k (%)``, ``pass@k CI low (%)`` and ``pass@k CI
        high (%)``. The coverage is in ``attrs["confidence"]``.
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

    Args:
        frame: A runs frame.

    Returns:
        One row per system and seed pair (``seed_a``, ``seed_b``) with
        ``seeds`` (the system's seeds judged), ``tasks`` (judged under both
        seeds), ``flips`` (tasks whose verdicts differ) and ``share (%)``
        (flips / tasks), plus one row per system with ``seed_a`` = ``seed_b``
        = ``"any"``: ``tasks`` judged under at least two seeds and ``flips``
        among them (succeeded under some seed and failed under another). A
        system judged under one seed (or none) cannot flip: its one row has
        ``seed_a`` = ``seed_b`` = ``"n/a (1 seed)"`` (:data:`NO_SEED` for a
        run without seeds, as in the other tables), ``seeds`` 1 and empty
        ``tasks``, ``flips`` and ``share (%)``.
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
    """Rank correlation of per-model success with scores on other benchmarks.

    For each benchmark, the models that have both a success rate and a score
    are paired; Spearman's rho and Kendall's tau-b are computed with their
    p-values, and each gets a bootstrap interval (models resampled with
    replacement; resamples with a constant side are skipped).

    Args:
        success: Success rate per model (index: model name).
        scores: Columns ``model``, ``benchmark``, ``score`` (one row per model and benchmark).
        confidence: Coverage of the intervals.
        samples: Bootstrap resamples.
        seed: Seed of the resampling.

    Returns:
        One row per benchmark: ``benchmark``, ``models``, ``spearman``,
        ``spearman_p``, ``spearman_low``, ``spearman_high``, ``kendall``,
        ``kendall_p``, ``kendall_low``, ``kendall_high``.

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
    """Cohen's kappa: agreement of two raters on the same items, corrected for chance.

    ``kappa = (p_o - p_e) / (1 - p_e)``, where ``p_o`` is the share of items
    on which the raters agree and ``p_e = sum_c p1(c) * p2(c)`` the agreement
    expected if each rater labelled independently with their own label
    frequencies ``p1``, ``p2``. 1 is perfect agreement, 0 chance level,
    negative values less agreement than chance.

    Args:
        first: The first rater's labels (any hashable values, e.g. booleans).
        second: The second rater's labels for the same items, in the same order.

    Returns:
        Kappa; NaN when there is no item, or when chance alone explains every
        agreement (``p_e = 1``: both raters gave every item the same single
        label), where kappa is undefined.

    Raises:
        ValueError: the two sequences differ in length.
    """
    return _kappa(*_codes(first, second))


def kappa_interval(
    first: Sequence[Any] | np.ndarray,
    second: Sequence[Any] | np.ndarray,
    groups: Sequence[Any] | np.ndarray | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of :func:`cohens_kappa`.

    Items are resampled with replacement, or, with ``groups``, whole groups
    are (a cluster bootstrap: several programs of one task are not
    independent draws of the benchmark). Resamples on which kappa is
    undefined are left out.

    Args:
        first: The first rater's labels.
        second: The second rater's labels for the same items.
        groups: The group of each item (e.g. its task id), or ``None``.
        samples: Number of resamples.
        confidence: Coverage, e.g. 0.95.
        seed: Seed of the random generator.

    Returns:
        ``(low, high)``; ``(nan, nan)`` when there is no item or kappa is
        undefined on every resample.

    Raises:
        ValueError: the sequences differ in length, ``confidence`` is not in
            (0, 1) or ``samples`` < 1.
    """
    codes_a, codes_b, size = _codes(first, second)
    if groups is not None and len(groups) != len(codes_a):
        raise ValueError(f"{len(groups)} groups for {len(codes_a)} items: give one group per item")
    items = range(len(codes_a))

    def kappa_of(rows: np.ndarray) -> float:
        return _kappa(codes_a[rows], codes_b[rows], size)

    clusters = items if groups is None else groups
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
    """Fleiss' kappa: agreement of any number of raters on the same items, corrected for chance.

    For item ``i`` with ``n_i`` labels, of which ``n_ij`` are label ``j``, the
    agreement among its raters is ``P_i = (sum_j n_ij^2 - n_i) / (n_i (n_i - 1))``
    (the share of agreeing rater pairs); ``P = mean_i P_i``. Chance agreement
    is ``P_e = sum_j p_j^2`` with ``p_j`` the share of all labels that are
    ``j``; ``kappa = (P - P_e) / (1 - P_e)``. Raters may skip items (the
    variable-raters form of the statistic): an item counts if it has at least
    two labels. With two raters and no missing labels it differs from Cohen's
    kappa only in pooling the raters' label frequencies.

    Args:
        ratings: One row per item, one column (or position) per rater, the
            labels as any hashable values; ``None``, NaN or an empty text for a
            rater who gave no label. A frame (items x raters) works as well.

    Returns:
        Kappa; NaN when no item has two labels, or when every label given is
        the same (``P_e = 1``), where kappa is undefined.
    """
    counts, kept = _fleiss_counts(ratings)
    return _fleiss(counts[kept])


def fleiss_kappa_interval(
    ratings: Sequence[Sequence[Any]] | pd.DataFrame,
    groups: Sequence[Any] | np.ndarray | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of :func:`fleiss_kappa`.

    Items are resampled with replacement, or, with ``groups``, whole groups
    are (several programs of one task are not independent draws of the
    benchmark). Items with fewer than two labels take no part; resamples on
    which kappa is undefined are left out.

    Args:
        ratings: As for :func:`fleiss_kappa`.
        groups: The group of each item (e.g. its task id), or ``None``.
        samples: Number of resamples.
        confidence: Coverage, e.g. 0.95.
        seed: Seed of the random generator.

    Returns:
        ``(low, high)``; ``(nan, nan)`` when no item has two labels or kappa
        is undefined on every resample.

    Raises:
        ValueError: ``groups`` does not give one group per item, ``confidence``
            is not in (0, 1) or ``samples`` < 1.
    """
    counts, kept = _fleiss_counts(ratings)
    if groups is not None and len(groups) != len(counts):
        raise ValueError(f"{len(groups)} groups for {len(counts)} items: give one group per item")
    items = np.flatnonzero(kept)

    def kappa_of(rows: np.ndarray) -> float:
        return _fleiss(counts[rows])

    clusters = items if groups is None else [groups[item] for item in items]
    return cluster_interval(items, clusters, kappa_of, samples=samples, confidence=confidence, seed=seed)
