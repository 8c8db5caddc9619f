"""Success beside the paper's verdict: the checked verdict's, and the evaluation program's on an audited subset.

Table 3 (:func:`~aspera_workbench.analysis.result_tables.success_table`) shows three success rates per system, each
the mean of per-task success shares with its Wilson interval (tasks as sample) and its denominator:

* **all tasks**, the evaluation program's verdict: the paper's;
* **the checked verdict** (:mod:`aspera_core.grading`): a program the evaluation program accepts that also changed
  what the reference leaves alone, or answered with far more than the reference's answer, fails. A system with a
  program whose checked verdict is unknown (a results file written before it existed, a run in the control
  setting) gets no checked rate: an unknown verdict may be either, and is never guessed;
* **the audited subset** (:class:`aspera_core.records.AuditedSubset`): the evaluation program's verdict on the tasks
  whose evaluation program an audit found sound (no false rejection, no false acceptance).
"""

from __future__ import annotations

import math

import pandas as pd

from aspera_core.records import AuditedSubset
from aspera_workbench.analysis.frames import judged_rows
from aspera_workbench.analysis.statistics import coverage, success_interval

#: The numeric columns :func:`verdict_columns` adds, in order.
CHECKED_COLUMNS = ["checked success (%)", "checked CI low (%)", "checked CI high (%)", "checked unknown"]
SUBSET_COLUMNS = [
    "subset success (%)",
    "subset CI low (%)",
    "subset CI high (%)",
    "subset tasks",
    "subset programs",
    "audited subset",
]


def _rate(rows: pd.DataFrame, column: str, confidence: float) -> tuple[float, float, float]:
    """Mean of the per-task shares of ``column`` (true = success) and its interval, in percent (NaN for no row)."""
    if rows.empty:
        return (math.nan, math.nan, math.nan)
    per_task = rows.assign(_hit=rows[column].astype(float)).groupby("task_id", observed=True)["_hit"]
    shares, seeds = per_task.mean().to_numpy(), per_task.count().to_numpy()
    low, high = success_interval(shares, seeds, confidence=confidence)
    return (100 * float(shares.mean()), 100 * low, 100 * high)


def verdict_columns(
    frame: pd.DataFrame, subset: AuditedSubset | None = None, *, confidence: float = 0.95
) -> pd.DataFrame:
    """Per system, the checked verdict's success and the success on an audited subset (see the module's text).

    Returns:
        A frame indexed by system with ``checked success (%)``, ``checked CI low (%)``, ``checked CI high (%)``
        (NaN when a program's checked verdict is unknown), ``checked unknown`` (judged programs without one),
        ``subset success (%)``, ``subset CI low (%)``, ``subset CI high (%)``, ``subset tasks`` and ``subset
        programs`` (the subset's tasks and programs the system was judged on: the denominators) and ``audited
        subset`` (its size, ``"41 of 84 audited tasks"``, or ``"not given"``; then the subset columns are empty).
    """
    rows = judged_rows(frame)
    chosen = set(subset.task_ids) if subset is not None else set()
    records = []
    for system in frame["system"].drop_duplicates():
        mine = rows[rows["system"] == system]
        checked = mine["checked_success"] if "checked_success" in mine else pd.Series(pd.NA, index=mine.index)
        unknown = int(checked.isna().sum())
        known = (
            (math.nan,) * 3 if unknown else _rate(mine.assign(checked_success=checked), "checked_success", confidence)
        )
        record = {"system": system, **dict(zip(CHECKED_COLUMNS, [*known, unknown]))}
        inside = mine[mine["task_id"].isin(chosen)]
        record.update(zip(SUBSET_COLUMNS[:3], _rate(inside, "success", confidence)))
        record.update(
            {
                "subset tasks": inside["task_id"].nunique() if subset is not None else math.nan,
                "subset programs": len(inside) if subset is not None else math.nan,
                "audited subset": subset.size if subset is not None else "not given",
            }
        )
        records.append(record)
    columns = ["system", *CHECKED_COLUMNS, *SUBSET_COLUMNS]
    table = pd.DataFrame.from_records(records, columns=columns).set_index("system")
    for column in ("subset tasks", "subset programs"):
        table[column] = table[column].astype("Int64")
    return table


def _cell(mean: float, low: float, high: float) -> str:
    return "" if pd.isna(mean) else f"{mean:.1f} [{low:.1f}, {high:.1f}]"


def verdict_cells(table: pd.DataFrame) -> pd.DataFrame:
    """The columns of :func:`verdict_columns` for reading: each rate and its interval in one cell, beside its
    denominator; ``unknown for K of N programs`` where the checked verdict is unknown."""
    confidence = table.attrs.get("confidence", 0.95)
    name = f"[Wilson {coverage(confidence)} CI]"
    shown = pd.DataFrame(index=table.index)
    shown[f"checked success (%) {name}"] = [
        f"unknown for {unknown} of {programs} programs" if unknown else _cell(mean, low, high)
        for mean, low, high, unknown, programs in zip(
            table["checked success (%)"],
            table["checked CI low (%)"],
            table["checked CI high (%)"],
            table["checked unknown"],
            table["programs"],
        )
    ]
    shown[f"audited subset success (%) {name}"] = [
        _cell(*values)
        for values in zip(table["subset success (%)"], table["subset CI low (%)"], table["subset CI high (%)"])
    ]
    shown["audited subset tasks"] = table["subset tasks"]
    return shown


def verdict_note(table: pd.DataFrame) -> str:
    """What the three success columns are, the audited subset's size, or why its columns are empty."""
    sizes = set(table["audited subset"]) if "audited subset" in table else {"not given"}
    if sizes == {"not given"}:
        subset = (
            "The audited-subset columns are empty: no audited subset was given (`audited_subset`, the file "
            "`aspera audit` writes)."
        )
    else:
        subset = (
            f"Audited subset: {', '.join(sorted(sizes))} (those whose evaluation program the audit found sound); "
            "its success is the evaluation program's verdict on them, `audited subset tasks` its denominator."
        )
    checked = (
        "Checked success counts a program the evaluation program accepts as a failure when it also changed what "
        "the reference leaves alone or answered far more than the reference (docs/evaluating.md)"
    )
    if "checked unknown" in table and (table["checked unknown"] > 0).any():
        checked += "; it is left out where some program's checked verdict is unknown (never guessed)"
    return f"{checked}. {subset}"
