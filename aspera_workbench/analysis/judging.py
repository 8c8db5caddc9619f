"""How far a model judge agrees with the evaluation programs: frames, confusion matrices, agreement scores.

The evaluation programs' verdict (``success`` or not) is the reference, the judge's
``correct``/``incorrect`` is compared with it, "correct" the positive class. Programs the judge
gave no verdict are counted apart and left out of every score. Intervals are percentile
bootstrap intervals over tasks (a task's programs stay together).
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from aspera_workbench.analysis.frames import system_label
from aspera_workbench.analysis.statistics import DEFAULT_SAMPLES, cohens_kappa, kappa_interval, ratio_interval
from aspera_workbench.judge import JudgeVerdict, latest_judgements, read_judgements

#: Columns of :func:`judgements_frame`.
JUDGEMENT_COLUMNS = [
    "judge",
    "system",
    "task_id",
    "seed",
    "evaluation",
    "accepted",
    "verdict",
    "judged",
    "agree",
    "answered",
    "explanation",
    "problem",
    "prompt_tokens",
    "completion_tokens",
    "cost_usd",
    "cached",
    "query",
    "path",
]

_VERDICT_COLUMNS = {"correct": "judge: correct", "incorrect": "judge: incorrect", "not_judged": "judge: not judged"}


def judgements_frame(
    files: Mapping[str, str | os.PathLike[str]] | Sequence[str | os.PathLike[str]],
) -> pd.DataFrame:
    """One row per judged program (task and seed) of judgements files (``aspera judge --out``).

    Args:
        files: A list (each judge named by its model) or label -> path.

    Returns:
        :data:`JUDGEMENT_COLUMNS`: ``system`` named as in the runs frame, ``evaluation`` (the
        evaluation programs' outcome), ``accepted`` (it is ``success``), ``verdict``, ``judged``,
        ``agree`` (NaN when not judged), and what the judge answered and spent.

    Raises:
        FileNotFoundError: a file does not exist.
        aspera_workbench.judge.NotAJudgementsFile: a file is not a judgements file.
    """
    items = list(files.items()) if isinstance(files, Mapping) else [(None, path) for path in files]
    records: list[dict[str, Any]] = []
    for label, path in items:
        read = read_judgements(path)
        judge = label or read.header.judge.model
        fixes = bool(read.header.judged and read.header.judged.library_fixes)
        for row in latest_judgements(read.rows):
            judged = row.verdict is not JudgeVerdict.NOT_JUDGED
            accepted = row.evaluation_success
            records.append(
                {
                    "judge": judge,
                    "system": system_label(row.agent, row.model, row.setting, fixes),
                    "task_id": row.task_id,
                    "seed": row.seed,
                    "evaluation": row.evaluation.value,
                    "accepted": accepted,
                    "verdict": row.verdict.value,
                    "judged": judged,
                    "agree": ((row.verdict is JudgeVerdict.CORRECT) == accepted) if judged else math.nan,
                    "answered": row.answered,
                    "explanation": row.explanation,
                    "problem": row.problem,
                    "prompt_tokens": row.generation.usage.prompt_tokens,
                    "completion_tokens": row.generation.usage.completion_tokens,
                    "cost_usd": row.generation.cost_usd,
                    "cached": row.generation.cached,
                    "query": row.query,
                    "path": str(Path(path)),
                }
            )
    frame = pd.DataFrame.from_records(records, columns=JUDGEMENT_COLUMNS)
    # Typed even when empty, so that boolean masks stay masks.
    frame = frame.astype({"accepted": bool, "judged": bool, "answered": bool, "cached": bool, "agree": object})
    return frame


def judge_confusion(frame: pd.DataFrame) -> pd.DataFrame:
    """The judge's verdicts against the evaluation programs', counted per judge and system.

    Two rows each, ``evaluation`` = ``accepted`` and ``rejected``, with ``judge: correct``,
    ``judge: incorrect``, ``judge: not judged`` and their sum ``programs``.
    """
    records = []
    for (judge, system), rows in frame.groupby(["judge", "system"], sort=False):
        for name, accepted in (("accepted", True), ("rejected", False)):
            part = rows[rows["accepted"] == accepted]
            counts = {column: int((part["verdict"] == verdict).sum()) for verdict, column in _VERDICT_COLUMNS.items()}
            records.append({"judge": judge, "system": system, "evaluation": name, **counts, "programs": len(part)})
    columns = ["judge", "system", "evaluation", *_VERDICT_COLUMNS.values(), "programs"]
    return pd.DataFrame.from_records(records, columns=columns)


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else math.nan


def agreement_scores(accepted: Sequence[bool], correct: Sequence[bool]) -> dict[str, float | int]:
    """Counts and scores of a judge's verdicts (``correct``) against the evaluation programs' (``accepted``).

    ``n``, ``tp``, ``fp``, ``fn``, ``tn`` ("correct" positive), ``accuracy``, ``precision``,
    ``recall``, ``f1`` (0 when both are 0) and Cohen's ``kappa``; a ratio over zero is NaN.

    Raises:
        ValueError: the two sequences differ in length.
    """
    truth, said = np.asarray(accepted, dtype=bool), np.asarray(correct, dtype=bool)
    if truth.shape != said.shape:
        raise ValueError(f"{len(truth)} evaluation verdicts but {len(said)} judge verdicts")
    tp, fp = int((said & truth).sum()), int((said & ~truth).sum())
    fn, tn = int((~said & truth).sum()), int((~said & ~truth).sum())
    precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    if math.isnan(precision) or math.isnan(recall):
        f1 = math.nan
    else:
        f1 = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
    return {
        "n": len(truth),
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "tn": tn,
        "accuracy": _ratio(tp + tn, len(truth)),
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "kappa": cohens_kappa(truth.tolist(), said.tolist()),
    }


def _accuracy_interval(compared: pd.DataFrame, confidence: float, samples: int, seed: int) -> tuple[float, float]:
    """Bootstrap interval of the share of agreeing verdicts, tasks resampled with all their programs."""
    per_task = compared.assign(agree=compared["agree"].astype(bool)).groupby("task_id")["agree"].agg(["sum", "count"])
    agreements, programs = per_task["sum"].to_numpy(dtype=float), per_task["count"].to_numpy(dtype=float)
    return ratio_interval(agreements, programs, samples=samples, confidence=confidence, seed=seed)


def judge_agreement(
    frame: pd.DataFrame, *, confidence: float = 0.95, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> pd.DataFrame:
    """Agreement of each judge with the evaluation programs, per judged system.

    Returns:
        One row per judge and system: ``programs``, ``not judged`` (failed request or unreadable
        answer), ``compared`` (with a verdict: the denominator of every score), ``tasks``, the
        confusion counts, ``evaluation accepted (%)``, ``judge correct (%)``, ``accuracy (%)`` with
        its bootstrap interval, ``precision (%)``, ``recall (%)``, ``F1 (%)``, ``kappa`` with its
        interval, and ``cost (USD)`` (NaN when a cost is unknown).
    """
    records = []
    for (judge, system), rows in frame.groupby(["judge", "system"], sort=False):
        compared = rows[rows["judged"]]
        accepted = compared["accepted"].to_numpy(dtype=bool)
        correct = (compared["verdict"] == JudgeVerdict.CORRECT.value).to_numpy(dtype=bool)
        scores = agreement_scores(accepted, correct)
        tasks = compared["task_id"].to_numpy()
        kappa_low, kappa_high = kappa_interval(
            accepted, correct, tasks, samples=samples, confidence=confidence, seed=seed
        )
        accuracy_low, accuracy_high = _accuracy_interval(compared, confidence, samples, seed)
        costs = rows["cost_usd"]
        records.append(
            {
                "judge": judge,
                "system": system,
                "programs": len(rows),
                "not judged": int((~rows["judged"]).sum()),
                "compared": scores["n"],
                "tasks": int(compared["task_id"].nunique()),
                "tp": scores["tp"],
                "fp": scores["fp"],
                "fn": scores["fn"],
                "tn": scores["tn"],
                "evaluation accepted (%)": 100 * _ratio(int(accepted.sum()), len(accepted)),
                "judge correct (%)": 100 * _ratio(int(correct.sum()), len(correct)),
                "accuracy (%)": 100 * scores["accuracy"],
                "accuracy CI low (%)": 100 * accuracy_low,
                "accuracy CI high (%)": 100 * accuracy_high,
                "precision (%)": 100 * scores["precision"],
                "recall (%)": 100 * scores["recall"],
                "F1 (%)": 100 * scores["f1"],
                "kappa": scores["kappa"],
                "kappa CI low": kappa_low,
                "kappa CI high": kappa_high,
                "cost (USD)": math.nan if costs.isna().any() else float(costs.sum()),
            }
        )
    columns = [
        "judge",
        "system",
        "programs",
        "not judged",
        "compared",
        "tasks",
        "tp",
        "fp",
        "fn",
        "tn",
        "evaluation accepted (%)",
        "judge correct (%)",
        "accuracy (%)",
        "accuracy CI low (%)",
        "accuracy CI high (%)",
        "precision (%)",
        "recall (%)",
        "F1 (%)",
        "kappa",
        "kappa CI low",
        "kappa CI high",
        "cost (USD)",
    ]
    table = pd.DataFrame.from_records(records, columns=columns)
    table.attrs["confidence"] = confidence
    return table


def judge_disagreements(frame: pd.DataFrame, limit: int | None = None) -> pd.DataFrame:
    """The programs a judge and the evaluation programs disagree on, with the judge's explanation:
    accepted programs it called incorrect, then rejected ones it called correct (at most ``limit``).
    """
    columns = ["judge", "system", "task_id", "seed", "evaluation", "verdict", "explanation", "query"]
    compared = frame[frame["judged"]]
    disagree = compared[compared["agree"] == False]  # noqa: E712 - an object column holding booleans
    ordered = pd.concat([disagree[disagree["accepted"]], disagree[~disagree["accepted"]]])
    table = ordered[columns].reset_index(drop=True)
    return table if limit is None else table.head(limit)
