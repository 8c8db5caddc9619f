"""Exploring against the two prompt settings: how much of the gap between PS and CCK the explore agent closes.

PS sees only the module names and picks the documentation to read in one shot, CCK sees all of
it; ``explore`` starts like PS but may search, read and dry-run drafts. For a model run in all
three settings :func:`gap_closed` gives ``(explore - PS) / (CCK - PS)`` of the per-task success
shares on the tasks judged in all three, with a paired bootstrap interval (undefined when CCK
and PS tie). :func:`exploration_success` gives each setting's success, :func:`explore_failures`
where the explorer still fails, :func:`episode_summary` how its episodes went.
"""

from __future__ import annotations

import math
import os
from typing import Any

import numpy as np
import pandas as pd

from aspera_core.records import read_rows
from aspera_workbench.analysis.frames import judged_rows, model_systems, system_order
from aspera_workbench.analysis.statistics import (
    DEFAULT_SAMPLES,
    check_resampling,
    paired_verdicts,
    seed_list,
    success_summary,
    task_success,
)
from aspera_workbench.analysis.taxonomy import error_taxonomy

#: The settings of the three agents, as rows record them.
CCK_SETTING, PS_SETTING, EXPLORE_SETTING = "cck", "ps", "explore"

GAP_COLUMNS = [
    "model",
    "cck system",
    "ps system",
    "explore system",
    "tasks",
    "cck success (%)",
    "ps success (%)",
    "explore success (%)",
    "gap closed",
    "CI low",
    "CI high",
    "resamples without a gap",
    "note",
]

FAILURE_COLUMNS = [
    "model",
    "explore system",
    "category",
    "explore verdicts",
    "failures",
    "failures (%)",
    "explore seeds",
    "cck seeds",
    "cck paired on",
    "paired with cck",
    "cck succeeded",
    "ps seeds",
    "ps paired on",
    "paired with ps",
    "ps succeeded",
]

EPISODE_COLUMNS = ["system", "episodes", "ended", "count", "share (%)", "mean turns", "mean dry runs", "mean tokens"]


def explore_triples(frame: pd.DataFrame) -> list[tuple[str, str, str, str]]:
    """One ``(model, cck system, ps system, explore system)`` per model run in all three settings, matched
    on the model and the library-fixes switch, in the frame's order of the explore systems.
    """
    by_key, order = model_systems(frame), system_order(frame)
    triples = []
    for (model, fixes, setting), system in by_key.items():
        cck, ps = by_key.get((model, fixes, CCK_SETTING)), by_key.get((model, fixes, PS_SETTING))
        if setting == EXPLORE_SETTING and cck is not None and ps is not None:
            triples.append((str(model), cck, ps, system))
    return sorted(triples, key=lambda triple: order.index(triple[3]) if triple[3] in order else len(order))


def exploration_success(frame: pd.DataFrame, *, confidence: float = 0.95) -> pd.DataFrame:
    """Task success of every system in a CCK, PS and explore triple, with its Wilson interval over tasks.

    Returns:
        :func:`~aspera_workbench.analysis.statistics.success_summary` of those systems (model by
        model: CCK, PS, explore); empty when there is no triple.
    """
    systems = [system for triple in explore_triples(frame) for system in triple[1:]]
    if not systems:
        return pd.DataFrame()
    chosen = frame[frame["system"].isin(systems)]
    summary = success_summary(chosen, confidence=confidence)
    return summary.loc[systems]


def _ratio(shares: np.ndarray) -> np.ndarray:
    """(explore - ps) / (cck - ps) of mean shares; columns of ``shares``: cck, ps, explore (last axis)."""
    cck, ps, explore = shares[..., 0], shares[..., 1], shares[..., 2]
    gap = cck - ps
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(gap != 0, (explore - ps) / np.where(gap != 0, gap, 1), np.nan)


def gap_share(cck: float, ps: float, explore: float) -> float:
    """``(explore - ps) / (cck - ps)``: 0 as good as PS, 1 as good as CCK; NaN when CCK equals PS."""
    return float(_ratio(np.array([cck, ps, explore], dtype=float)))


def _note(cck: float, ps: float, tasks: int, undefined: int, samples: int) -> str:
    if tasks == 0:
        return "no task was judged in all three settings"
    if cck == ps:
        return f"undefined: CCK and PS both succeed on {100 * cck:.1f}% of the tasks, so there is no gap to close"
    notes = []
    if cck < ps:
        notes.append("PS beats CCK: the gap runs the other way")
    if undefined:
        notes.append(f"{undefined} of {samples} resamples had no gap and were left out of the interval")
    return "; ".join(notes)


def gap_closed(
    frame: pd.DataFrame, *, confidence: float = 0.95, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> pd.DataFrame:
    """Per model, the share of the PS-to-CCK gap the explore agent closes, with a paired bootstrap interval.

    Returns:
        One row per model run in all three settings (:data:`GAP_COLUMNS`): the three systems,
        ``tasks`` (judged in all three: the denominator), each setting's success on them, ``gap
        closed`` (:func:`gap_share`), ``CI low`` and ``CI high`` (tasks resampled with their three
        verdicts; resamples where CCK and PS tie are counted in ``resamples without a gap`` and left
        out) and a ``note`` on how to read it. The coverage is in ``attrs["confidence"]``.

    Raises:
        ValueError: ``confidence`` is not in (0, 1) or ``samples`` < 1.
    """
    check_resampling(confidence, samples)
    shares_by_system = task_success(frame).pivot(index="task_id", columns="system", values="share")
    records: list[dict[str, Any]] = []
    for model, cck, ps, explore in explore_triples(frame):
        shares = shares_by_system[[cck, ps, explore]].dropna().to_numpy(dtype=float)
        tasks = len(shares)
        means = shares.mean(axis=0) if tasks else np.full(3, math.nan)
        point = float(_ratio(means)) if tasks else math.nan
        low = high = math.nan
        undefined = 0
        if tasks:
            draws = np.random.default_rng(seed).integers(0, tasks, size=(samples, tasks))
            ratios = _ratio(shares[draws].mean(axis=1))
            finite = ratios[np.isfinite(ratios)]
            undefined = samples - finite.size
            if finite.size and math.isfinite(point):
                tail = (1 - confidence) / 2
                low, high = (float(value) for value in np.quantile(finite, [tail, 1 - tail]))
        records.append(
            {
                "model": model,
                "cck system": cck,
                "ps system": ps,
                "explore system": explore,
                "tasks": tasks,
                "cck success (%)": 100 * means[0],
                "ps success (%)": 100 * means[1],
                "explore success (%)": 100 * means[2],
                "gap closed": point,
                "CI low": low,
                "CI high": high,
                "resamples without a gap": undefined,
                "note": _note(means[0], means[1], tasks, undefined, samples),
            }
        )
    table = pd.DataFrame.from_records(records, columns=GAP_COLUMNS)
    table.attrs["confidence"] = confidence
    return table


def explore_failures(frame: pd.DataFrame, labels: pd.DataFrame | str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """Where the explore agent still fails: its failed verdicts by error category, and whether CCK or PS solved them.

    Returns:
        One row per model and category among the explore run's failures (:data:`FAILURE_COLUMNS`):
        ``explore verdicts`` (the denominator), ``failures`` and their share, then per CCK and PS
        the seeds and pairing of :func:`~aspera_workbench.analysis.statistics.paired_verdicts`,
        ``paired with ...`` (pairs of such a failure with that setting's verdicts; without shared
        seeds a failure pairs with every seed) and ``... succeeded`` (those that setting got right).
    """
    triples = explore_triples(frame)
    if not triples:
        return pd.DataFrame(columns=FAILURE_COLUMNS)
    categorised = error_taxonomy(frame, labels)
    judged = judged_rows(categorised)
    order = list(categorised["category"].cat.categories)
    records = []
    for model, cck, ps, explore in triples:
        own = judged[judged["system"] == explore]
        with_cck = paired_verdicts(categorised, explore, cck, columns=("success", "category"))
        with_ps = paired_verdicts(categorised, explore, ps, columns=("success", "category"))
        for category in order:
            failures = int((~own["success"] & (own["category"] == category)).sum())
            if failures == 0:
                continue
            record: dict[str, Any] = {
                "model": model,
                "explore system": explore,
                "category": category,
                "explore verdicts": len(own),
                "failures": failures,
                "failures (%)": 100 * failures / len(own),
                "explore seeds": seed_list(own["seed"]),
            }
            for name, paired in (("cck", with_cck), ("ps", with_ps)):
                record[f"{name} seeds"] = paired.attrs["seeds_b"]
                record[f"{name} paired on"] = paired.attrs["paired_on"]
                failed = ~paired["success_a"] & (paired["category_a"] == category)
                record[f"paired with {name}"] = int(failed.sum())
                record[f"{name} succeeded"] = int((failed & paired["success_b"]).sum())
            records.append(record)
    return pd.DataFrame.from_records(records, columns=FAILURE_COLUMNS)


def _seed(value: Any) -> int | None:
    return None if value is None or pd.isna(value) else int(value)


def episode_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """How the explore agent's episodes ended, with the turns, dry runs and tokens they used.

    Reads the ``details`` of every explore row (model errors end episodes too) from the frame's files.

    Returns:
        One row per explore system and ending (:data:`EPISODE_COLUMNS`): ``episodes`` (the
        denominator), ``ended``, ``count``, ``share (%)`` and the mean turns, dry runs and tokens.
    """
    explore = frame[frame["setting"] == EXPLORE_SETTING]
    records = []
    for system, rows in explore.groupby("system", observed=True, sort=False):
        wanted = {(path, task, _seed(seed)) for path, task, seed in zip(rows["path"], rows["task_id"], rows["seed"])}
        episodes = []
        for path in dict.fromkeys(rows["path"]):
            for row in read_rows(path):
                if (path, row.task_id, _seed(row.seed)) in wanted and "ended" in row.details:
                    episodes.append(row.details)
        table = pd.DataFrame.from_records(
            [
                {
                    "ended": d["ended"],
                    "turns": d.get("turns"),
                    "dry_runs": d.get("dry_runs"),
                    "tokens": d.get("tokens"),
                }
                for d in episodes
            ],
            columns=["ended", "turns", "dry_runs", "tokens"],
        )
        for ended, group in table.groupby("ended", sort=True):
            records.append(
                {
                    "system": system,
                    "episodes": len(table),
                    "ended": ended,
                    "count": len(group),
                    "share (%)": 100 * len(group) / len(table),
                    "mean turns": group["turns"].mean(),
                    "mean dry runs": group["dry_runs"].mean(),
                    "mean tokens": group["tokens"].mean(),
                }
            )
    return pd.DataFrame.from_records(records, columns=EPISODE_COLUMNS)
