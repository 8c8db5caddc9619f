"""Agreement on labels (the files of :mod:`aspera_workbench.analysis.annotation`): between annotators, and with the evaluation programs."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from aspera_workbench.analysis.annotation import item_keys, read_annotations
from aspera_workbench.analysis.statistics import (
    DEFAULT_SAMPLES,
    clustered_wilson_bounds,
    cohens_kappa,
    fleiss_kappa,
    kappa_interval,
)


def _ratings(labels: pd.DataFrame, question: str) -> tuple[pd.DataFrame, list[str]]:
    """Items x annotators table of one question's labels (missing: None), and each item's task."""
    keyed = labels.assign(_item=item_keys(labels))
    table = keyed.pivot_table(index="_item", columns="annotator", values=question, aggfunc="last", dropna=False)
    table = table.astype("object").where(table.notna(), None)
    tasks = [key.split("\x1f")[1] for key in table.index]
    return table, tasks


def annotator_agreement(
    annotations: Any,
    *,
    questions: Sequence[str] = ("verdict", "category"),
    samples: int = DEFAULT_SAMPLES,
    confidence: float = 0.95,
    seed: int = 0,
) -> pd.DataFrame:
    """How far annotators agree, question by question: Cohen's kappa for two, Fleiss' kappa for more.

    ``unsure`` is a verdict label like the others. The interval is a percentile bootstrap over tasks.

    Args:
        annotations: Anything :func:`read_annotations` takes.
        questions: ``verdict`` (is the evaluation program's verdict right) and/or ``category``.
        samples: Bootstrap resamples.
        confidence: Coverage of the interval.
        seed: Seed of the resampling.

    Returns:
        One row per question: ``question``, ``annotators``, ``statistic``, ``rows`` (labelled by
        both for Cohen's kappa, by at least two for Fleiss'), ``observed agreement (%)`` (agreeing
        pairs of labels among all pairs on those rows), ``kappa``, ``CI low``, ``CI high``. Empty
        when fewer than two people labelled.
    """
    labels = read_annotations(annotations)
    columns = ["question", "annotators", "statistic", "rows", "observed agreement (%)", "kappa", "CI low", "CI high"]
    annotators = sorted(labels["annotator"].unique()) if not labels.empty else []
    if len(annotators) < 2:
        return pd.DataFrame(columns=columns)
    records = []
    for question in questions:
        if question not in ("verdict", "category"):
            raise ValueError(f"unknown question {question!r}: verdict or category")
        table, tasks = _ratings(labels, question)
        present = table.notna().sum(axis=1)
        if len(annotators) == 2:
            both = (present == 2).to_numpy()
            first, second = table.iloc[both, 0].tolist(), table.iloc[both, 1].tolist()
            groups = [task for task, keep in zip(tasks, both) if keep]
            kappa = cohens_kappa(first, second)
            low, high = kappa_interval(first, second, groups, samples=samples, confidence=confidence, seed=seed)
            statistic, rows = "Cohen's kappa", int(both.sum())
        else:
            ratings = table.values.tolist()
            kappa = fleiss_kappa(ratings)
            low, high = kappa_interval(ratings, None, tasks, samples=samples, confidence=confidence, seed=seed)
            statistic, rows = "Fleiss' kappa", int((present >= 2).sum())
        records.append(
            {
                "question": question,
                "annotators": len(annotators),
                "statistic": statistic,
                "rows": rows,
                "observed agreement (%)": 100 * _pair_agreement(table),
                "kappa": kappa,
                "CI low": low,
                "CI high": high,
            }
        )
    return pd.DataFrame.from_records(records, columns=columns)


def _pair_agreement(table: pd.DataFrame) -> float:
    """Share of agreeing pairs among all pairs of labels given to the same row."""
    agreeing = pairs = 0
    for labels in table.itertuples(index=False, name=None):
        counts = Counter(label for label in labels if label is not None)
        given = sum(counts.values())
        pairs += given * (given - 1) // 2
        agreeing += sum(count * (count - 1) // 2 for count in counts.values())
    return agreeing / pairs if pairs else math.nan


def judged_wrong_interval(
    wrong: Sequence[int] | np.ndarray, judged: Sequence[int] | np.ndarray, *, confidence: float = 0.95
) -> tuple[float, float]:
    """Wilson's interval of ``sum(wrong) / sum(judged)``, labels clustered by task.

    The effective sample size comes from the ratio estimator's variance over tasks,
    ``sum((w_i - r j_i)^2) / (sum j)^2``, as in
    :func:`aspera_workbench.analysis.statistics.clustered_wilson_bounds`; with one label per task
    it is Wilson's interval of wrong out of judged. ``(nan, nan)`` when no label judged a verdict.
    """
    counts = np.asarray(judged, dtype=float)
    errors = np.asarray(wrong, dtype=float)[counts > 0]
    counts = counts[counts > 0]
    if counts.size == 0:
        return (math.nan, math.nan)
    tasks, total = counts.size, float(counts.sum())
    rate = float(errors.sum()) / total
    variance = float(((errors - rate * counts) ** 2).sum()) / total**2
    return clustered_wilson_bounds(rate, variance, tasks, total, confidence)


def verdict_agreement(annotations: Any, *, confidence: float = 0.95) -> pd.DataFrame:
    """How often people judge the evaluation programs' verdicts wrong, per system.

    Every label counts; ``unsure`` labels are counted but not in the denominator. The interval is
    Wilson's over tasks (:func:`judged_wrong_interval`), as for success rates.

    Returns:
        One row per system, then one for all (``system`` = ``"all"``): ``labels``, ``correct``,
        ``wrong``, ``unsure``, ``judged wrong (%)`` (wrong / (correct + wrong)), ``CI low (%)``,
        ``CI high (%)``, ``accepted, judged wrong`` (the program passed but a person says it should
        not have) and ``rejected, judged wrong`` (the reverse).
    """
    labels = read_annotations(annotations)
    columns = [
        "system",
        "labels",
        "correct",
        "wrong",
        "unsure",
        "judged wrong (%)",
        "CI low (%)",
        "CI high (%)",
        "accepted, judged wrong",
        "rejected, judged wrong",
    ]
    if labels.empty:
        return pd.DataFrame(columns=columns)
    groups = [(str(system), group) for system, group in labels.groupby("system", sort=False)]
    if len(groups) > 1:
        groups.append(("all", labels))
    records = []
    for system, group in groups:
        wrong = group["verdict"] == "wrong"
        judged = group["verdict"].isin(["correct", "wrong"])
        accepted = group["outcome"] == "success"
        per_task = pd.DataFrame({"task": group["task_id"], "wrong": wrong, "judged": judged}).groupby("task").sum()
        low, high = judged_wrong_interval(
            per_task["wrong"].to_numpy(), per_task["judged"].to_numpy(), confidence=confidence
        )
        records.append(
            {
                "system": system,
                "labels": len(group),
                "correct": int((group["verdict"] == "correct").sum()),
                "wrong": int(wrong.sum()),
                "unsure": int((group["verdict"] == "unsure").sum()),
                "judged wrong (%)": 100 * wrong.sum() / judged.sum() if judged.any() else math.nan,
                "CI low (%)": 100 * low,
                "CI high (%)": 100 * high,
                "accepted, judged wrong": int((wrong & accepted).sum()),
                "rejected, judged wrong": int((wrong & ~accepted).sum()),
            }
        )
    return pd.DataFrame.from_records(records, columns=columns)
