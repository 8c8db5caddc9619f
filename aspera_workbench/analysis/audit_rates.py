"""The audit's error rates with intervals, for tables and figures.

The audit (:mod:`aspera_workbench.audit`) counts per variant kind the programs its evaluation
programs misjudged (``flagged``) among those it could judge (``judged``). The intervals are
Wilson's, not a bootstrap's: the rates are often 0 %, where a bootstrap gives the point 0.
Variants of one task share an evaluation program, so a weak one misjudges several at once:
given per-task counts the intervals are clustered by task as
:func:`aspera_workbench.analysis.agreement.judged_wrong_interval` clusters; without them every
program counts as an independent draw, too narrow when errors gather in a few tasks.
"""

from __future__ import annotations

import math
import re

import pandas as pd

from aspera_workbench.analysis.agreement import judged_wrong_interval
from aspera_workbench.analysis.statistics import coverage, interval_name
from aspera_workbench.analysis.wilson import wilson_interval

#: Row label of the rates over every kind.
ALL_KINDS = "all kinds"

_ERROR_NAMES = {"pass": "false rejection", "fail": "false acceptance"}

# Words a kind's identifier writes run together or apart that the prose (docs, help texts) hyphenates.
_HYPHENATED = {"handback": "hand-back", "hand written": "hand-written"}
_HYPHENATED_PATTERN = re.compile(r"\b(" + "|".join(re.escape(words) for words in _HYPHENATED) + r")\b")


def kind_label(kind: str) -> str:
    """A variant kind's identifier as words for a figure: ``hand_written_wrong`` reads "hand-written wrong"."""
    return _HYPHENATED_PATTERN.sub(lambda match: _HYPHENATED[match.group(1)], kind.replace("_", " "))


def audit_rates(kinds: pd.DataFrame, confidence: float = 0.95, *, per_task: pd.DataFrame | None = None) -> pd.DataFrame:
    """False-rejection and false-acceptance rates per variant kind, with Wilson intervals and denominators.

    Args:
        kinds: :func:`aspera_workbench.audit.kind_table`'s table.
        confidence: Coverage of the intervals.
        per_task: :func:`aspera_workbench.audit.kind_task_table`'s table, to cluster the intervals
            by task (the table then has ``tasks``, the sample of each interval).

    Returns:
        One row per kind and expected verdict, then one :data:`ALL_KINDS` row per expected verdict:
        ``kind``, ``must``, ``error``, ``flagged``, ``judged`` (the denominator), ``tasks``,
        ``rate (%)`` (NaN when nothing was judged), ``CI low (%)``, ``CI high (%)``
        (:func:`audit_interval_name` names them) and ``excluded`` (equivalent mutants, rewrites that
        changed behaviour, undetermined runs).

    Raises:
        ValueError: a table lacks a column, or ``per_task`` does not sum to ``kinds`` (two audits).
    """
    needed = {"kind", "expected", "flagged", "judged", "equivalent", "not_equivalent", "undetermined"}
    missing = needed - set(kinds.columns)
    if missing:
        raise ValueError(f"the audit's kind table lacks the column(s) {', '.join(sorted(missing))}")
    excluded = kinds["equivalent"] + kinds["not_equivalent"] + kinds["undetermined"]
    table = pd.DataFrame(
        {
            "kind": kinds["kind"],
            "must": kinds["expected"],
            "flagged": kinds["flagged"].astype(int),
            "judged": kinds["judged"].astype(int),
            "excluded": excluded.astype(int),
        }
    )
    totals = [
        {
            "kind": ALL_KINDS,
            "must": must,
            "flagged": int(rows["flagged"].sum()),
            "judged": int(rows["judged"].sum()),
            "excluded": int(rows["excluded"].sum()),
        }
        for must, rows in table.groupby("must", sort=False)
    ]
    table = pd.concat([table, pd.DataFrame(totals, columns=table.columns)], ignore_index=True)
    table = table.sort_values("must", key=lambda column: column != "pass", kind="stable").reset_index(drop=True)
    columns = ["kind", "must", "error", "flagged", "judged", "rate (%)", "CI low (%)", "CI high (%)", "excluded"]
    if per_task is None:
        intervals = [wilson_interval(f, j, confidence) for f, j in zip(table["flagged"], table["judged"])]
    else:
        samples, intervals = _clustered_intervals(table, per_task, confidence)
        table["tasks"] = samples
        columns.insert(columns.index("judged") + 1, "tasks")
    table.insert(2, "error", table["must"].map(_ERROR_NAMES))
    table["rate (%)"] = [100 * f / j if j else math.nan for f, j in zip(table["flagged"], table["judged"])]
    table["CI low (%)"] = [100 * low for low, _ in intervals]
    table["CI high (%)"] = [100 * high for _, high in intervals]
    table = table[columns]
    table.attrs["confidence"] = confidence
    return table


def _clustered_intervals(
    table: pd.DataFrame, per_task: pd.DataFrame, confidence: float
) -> tuple[list[int], list[tuple[float, float]]]:
    """Each row's tasks with a program judged, and its interval with the tasks as the sample."""
    needed = {"kind", "expected", "task_id", "flagged", "judged"}
    missing = needed - set(per_task.columns)
    if missing:
        raise ValueError(f"the audit's per-task table lacks the column(s) {', '.join(sorted(missing))}")
    samples, intervals = [], []
    for kind, must, flagged, judged in zip(table["kind"], table["must"], table["flagged"], table["judged"]):
        rows = per_task[per_task["expected"] == must]
        if kind != ALL_KINDS:
            rows = rows[rows["kind"] == kind]
        # Over all kinds a task is one cluster, whichever kinds its programs are of.
        counts = rows.groupby("task_id", sort=False)[["flagged", "judged"]].sum()
        counted = (int(counts["flagged"].sum()), int(counts["judged"].sum()))
        if counted != (flagged, judged):
            raise ValueError(
                f"the per-task counts of {kind} (must {must}) sum to {counted[0]} flagged / {counted[1]} judged, "
                f"the kind table has {flagged} flagged / {judged} judged: are they of one audit?"
            )
        samples.append(int((counts["judged"] > 0).sum()))
        intervals.append(judged_wrong_interval(counts["flagged"], counts["judged"], confidence=confidence))
    return samples, intervals


def audit_interval_name(rates: pd.DataFrame) -> str:
    """How figures name an :func:`audit_rates` table's intervals: tasks as the sample when it has ``tasks``, else programs."""
    confidence = rates.attrs.get("confidence", 0.95)
    if "tasks" in rates.columns:
        return interval_name(confidence)
    return f"Wilson {coverage(confidence)} CI, programs as sample"
