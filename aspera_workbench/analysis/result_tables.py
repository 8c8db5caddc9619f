"""The paper's result tables from runs: success per system (Table 3), and the tables behind the figures.

Each function returns a numeric frame (for CSV) and, where a reader needs cells arranged
differently (``mean ± sd``, an interval in one cell), a ``*_display`` companion for Markdown.
Columns whose name says ``(%)`` are in percent.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from aspera_core.records import AuditedSubset
from aspera_workbench.analysis.checked_rates import verdict_cells, verdict_columns, verdict_note
from aspera_workbench.analysis.frames import judged_rows, with_systems
from aspera_workbench.analysis.paper import paper_success
from aspera_workbench.analysis.statistics import (
    DEFAULT_SAMPLES,
    benchmark_correlation,
    cluster_interval,
    coverage,
    interval_name,
    success_interval,
    success_summary,
    task_success,
)
from aspera_workbench.analysis.style import OUTCOME_LABELS, OUTCOME_ORDER
from aspera_workbench.analysis.task_selection import SELECTION_COLUMN, flag_task_selections

#: Outcomes that are verdicts on programs (model errors are shown apart, as a count).
JUDGED_OUTCOMES = [outcome for outcome in OUTCOME_ORDER if outcome != "model_error"]
#: Columns counting, apart, the judged programs whose answer the token limit cut off and those whose prompt
#: the endpoint cut (runs frame column -> table column); a table has them only when some program was.
ANSWER_MARKS = {"truncated": "cut off by the token limit", "prompt_truncated": "prompt cut by the endpoint"}


def outcome_counts(frame: pd.DataFrame) -> pd.DataFrame:
    """Outcome counts per system (every outcome a column, in the fixed order) and shares of the judged programs.

    Returns:
        A frame indexed by system with a count per outcome (``model_error`` included), ``programs``
        (judged rows: the denominator) and ``<outcome> (% of programs)`` per judged outcome; with a
        ``task selection`` column when the systems were judged on different tasks
        (:mod:`~aspera_workbench.analysis.task_selection`).
    """
    return flag_task_selections(_counts(frame), frame)


def _counts(frame: pd.DataFrame) -> pd.DataFrame:
    counts = frame.groupby(["system", "outcome"], observed=False).size().unstack("outcome", fill_value=0)
    counts = counts.reindex(columns=OUTCOME_ORDER, fill_value=0)
    counts = counts.loc[[s for s in counts.index if s in set(frame["system"])]]
    counts.columns = list(counts.columns)
    counts["programs"] = counts[JUDGED_OUTCOMES].sum(axis=1)
    programs = counts["programs"].where(counts["programs"] > 0)
    for outcome in JUDGED_OUTCOMES:
        counts[share_column(outcome)] = 100 * counts[outcome] / programs
    return counts


def success_table(
    frame: pd.DataFrame,
    *,
    confidence: float = 0.95,
    paper: bool = True,
    subset: AuditedSubset | None = None,
) -> pd.DataFrame:
    """Table 3: task success per system with its spread over seeds, an interval, the outcome breakdown and the paper's figure.

    Beside success on all tasks (the evaluation program's verdict, the paper's) stand the checked verdict's success
    and the success on an audited subset, each with its interval and denominator
    (:func:`~aspera_workbench.analysis.checked_rates.verdict_columns`).

    Args:
        frame: A runs frame.
        confidence: Coverage of the interval.
        paper: Add ``paper (%)`` (the paper's success for the same model and setting; left out when
            it reports none for any row).
        subset: The audited subset (``None``: its columns are empty, ``audited subset`` says ``not given``).

    Returns:
        A frame indexed by ``system`` with ``agent``, ``model``, ``setting``, ``tasks``, ``seeds``,
        ``programs`` (judged), ``model errors``, ``success (%)`` (mean of the per-task success
        shares), ``sd over seeds (%)`` (of the per-seed rates; NaN for one seed), ``CI low (%)`` and
        ``CI high (%)`` (:func:`~aspera_workbench.analysis.statistics.success_interval`), the columns of
        :func:`~aspera_workbench.analysis.checked_rates.verdict_columns`, ``<outcome> (% of programs)`` per judged
        outcome, ``paper (%)``, the counts of :func:`with_answer_marks` when some answer was cut off, and
        ``task selection`` when the systems were judged on different tasks.
    """
    summary = success_summary(frame, confidence=confidence)
    if summary.empty:
        return pd.DataFrame()
    counts = _counts(frame)  # (flagged once, below)
    table = pd.DataFrame(index=summary.index)
    for column in ("agent", "model", "setting", "tasks", "seeds", "programs"):
        table[column] = summary[column]
    table["model errors"] = summary["model_errors"]
    table["success (%)"] = 100 * summary["task_mean"]
    table["sd over seeds (%)"] = 100 * summary["seed_sd"]
    table["CI low (%)"] = 100 * summary["ci_low"]
    table["CI high (%)"] = 100 * summary["ci_high"]
    table = table.join(verdict_columns(frame, subset, confidence=confidence))
    for outcome in JUDGED_OUTCOMES:
        table[share_column(outcome)] = counts[share_column(outcome)].reindex(table.index)
    if paper:
        table["paper (%)"] = [paper_success(model, setting) for model, setting in zip(table["model"], table["setting"])]
        table["paper (%)"] = table["paper (%)"].astype(float)
        if table["paper (%)"].isna().all():  # a paper column only where the paper reports a figure
            table = table.drop(columns="paper (%)")
    table = with_answer_marks(table, frame)
    table.attrs["confidence"] = confidence
    return with_systems(flag_task_selections(table, frame), frame)


def with_answer_marks(table: pd.DataFrame, frame: pd.DataFrame) -> pd.DataFrame:
    """``table`` (indexed by system) with a count of judged programs per :data:`ANSWER_MARKS` column, when any has one.

    The counts are of the ``programs`` column's programs, whatever their verdict: a cut-off answer's
    syntax error or missing function is the cut's, not the model's (see the error taxonomy).
    """
    judged = judged_rows(frame)
    for column, name in ANSWER_MARKS.items():
        if column in judged and judged[column].astype(bool).any():
            marked = judged[column].astype(bool).groupby(judged["system"], observed=True).sum()
            table[name] = marked.reindex(table.index).fillna(0).astype(int)
    return table


def share_column(outcome: str) -> str:
    """Name of the column holding an outcome's share of judged programs (``"timeout (% of programs)"``)."""
    return f"{OUTCOME_LABELS[outcome]} (% of programs)"


def _pm(mean: float, sd: float) -> str:
    if pd.isna(mean):
        return ""
    return f"{mean:.1f}" if pd.isna(sd) else f"{mean:.1f} ± {sd:.1f}"


def success_table_display(table: pd.DataFrame) -> pd.DataFrame:
    """Table 3 arranged for reading: ``mean ± sd`` and ``[low, high]`` in one cell each.

    The paper's figure is printed as the paper prints it, and the count of judged programs (the
    denominator of the outcome shares) stays beside the shares.
    """
    if table.empty:
        return table
    confidence = table.attrs.get("confidence", 0.95)
    shown = pd.DataFrame(index=table.index)
    shown["tasks"] = table["tasks"]
    shown["seeds"] = table["seeds"]
    shown["programs"] = table["programs"]  # the denominator of the outcome shares
    shown["success (%, mean ± sd over seeds)"] = [
        _pm(m, s) for m, s in zip(table["success (%)"], table["sd over seeds (%)"])
    ]
    shown[f"{interval_name(confidence)} (%)"] = [
        "" if pd.isna(low) else f"[{low:.1f}, {high:.1f}]"
        for low, high in zip(table["CI low (%)"], table["CI high (%)"])
    ]
    if "checked unknown" in table:  # the checked verdict's and the audited subset's success, beside
        shown = shown.join(verdict_cells(table))
        shown.attrs["note"] = verdict_note(table)
    for outcome in JUDGED_OUTCOMES:
        shown[share_column(outcome)] = table[share_column(outcome)]
    if "paper (%)" in table and table["paper (%)"].notna().any():  # as the paper prints it (80.13, 28.4)
        shown["paper (%)"] = ["" if pd.isna(value) else f"{value:g}" for value in table["paper (%)"]]
    shown["model errors"] = table["model errors"]
    for name in ANSWER_MARKS.values():
        if name in table:  # "3 of 84": of the judged programs
            shown[f"{name} (of programs)"] = [
                f"{marked} of {programs}" for marked, programs in zip(table[name], table["programs"])
            ]
    if SELECTION_COLUMN in table:
        shown[SELECTION_COLUMN] = table[SELECTION_COLUMN]
    shown.index.name = "system"
    return shown


def success_by_length(
    frame: pd.DataFrame,
    tasks: pd.DataFrame,
    *,
    bins: Sequence[float] | None = None,
    column: str = "reference_code_lines",
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Task success per system against the length of the task's reference program.

    Args:
        frame: A runs frame.
        tasks: A tasks frame (:func:`aspera_workbench.analysis.frames.tasks_frame`).
        bins: Bin edges in lines; default: the quartiles of the lengths (at least two bins).
        column: The length column of ``tasks``.
        confidence: Coverage of the interval.

    Returns:
        One row per system and bin: ``system``, ``bin`` (``a–b lines``), ``low`` and ``high`` (the
        lengths the bin takes, inclusive), ``median length (lines)``, ``tasks``, ``success (%)``,
        ``CI low (%)``, ``CI high (%)``. Bins are ``[edge, next edge)``, the last closed.
    """
    shares = task_success(frame).merge(tasks[[column]], left_on="task_id", right_index=True, how="inner")
    lengths = tasks[column].dropna().astype(float)
    if bins is None:
        edges = sorted(set(np.quantile(lengths, [0, 0.25, 0.5, 0.75, 1]).round().tolist())) if len(lengths) else []
        if len(edges) < 2 and len(lengths):
            edges = [float(lengths.min()), float(lengths.max()) + 1]
    else:
        edges = list(bins)
    records = []
    for system, rows in shares.groupby("system", observed=True, sort=False):
        for index in range(len(edges) - 1):
            low, high = edges[index], edges[index + 1]
            last = index == len(edges) - 2
            inside = rows[(rows[column] >= low) & ((rows[column] <= high) if last else (rows[column] < high))]
            values = inside["share"].to_numpy()
            ci = success_interval(values, inside["seeds"].to_numpy(), confidence=confidence)
            first_line = math.ceil(low)
            last_line = math.floor(high) if last else math.ceil(high) - 1
            records.append(
                {
                    "system": system,
                    "bin": f"{first_line}–{last_line} lines",
                    "low": first_line,
                    "high": last_line,
                    "median length (lines)": float(inside[column].median()) if len(inside) else math.nan,
                    "tasks": len(inside),
                    "success (%)": 100 * float(values.mean()) if len(values) else math.nan,
                    "CI low (%)": 100 * ci[0],
                    "CI high (%)": 100 * ci[1],
                }
            )
    columns = [
        "system",
        "bin",
        "low",
        "high",
        "median length (lines)",
        "tasks",
        "success (%)",
        "CI low (%)",
        "CI high (%)",
    ]
    table = pd.DataFrame.from_records(records, columns=columns)
    table.attrs["confidence"] = confidence
    table.attrs["decimals"] = {"median length (lines)": 1}
    return with_systems(table, frame)


def length_pairs(frame: pd.DataFrame, tasks: pd.DataFrame) -> pd.DataFrame:
    """Generated against reference program length (code lines), one row per judged program."""
    rows = judged_rows(frame)[["system", "task_id", "seed", "success", "program_code_lines"]]
    merged = rows.merge(tasks[["reference_code_lines"]], left_on="task_id", right_index=True, how="inner")
    merged = merged.rename(columns={"program_code_lines": "generated lines", "reference_code_lines": "reference lines"})
    return with_systems(merged, frame)


def length_comparison(
    frame: pd.DataFrame,
    tasks: pd.DataFrame,
    *,
    confidence: float = 0.95,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> pd.DataFrame:
    """Per system: how long its programs are compared with the reference programs.

    Returns:
        A frame indexed by system with ``programs``, ``generated lines (median)``, ``reference lines
        (median)``, ``ratio (median)`` (of generated / reference per program), ``spearman`` (NaN when
        a length is constant), its bootstrap interval ``spearman CI low`` and ``spearman CI high``
        (tasks resampled; NaN when every program is as long as its reference) and ``spearman note``
        (why a correlation or interval is missing). ``attrs["decimals"]`` says how Markdown rounds.
    """
    from scipy.stats import spearmanr  # deferred: scipy.stats takes ~2 s to import, only correlations need it

    pairs = length_pairs(frame, tasks)
    records = []
    for system, rows in pairs.groupby("system", observed=True, sort=False):
        generated, reference = rows["generated lines"].to_numpy(float), rows["reference lines"].to_numpy(float)
        varied = len(rows) >= 3 and np.ptp(generated) > 0 and np.ptp(reference) > 0
        # Equal lengths throughout (the reference system) give rho = 1 in every resample: no interval to report.
        equal = varied and bool(np.array_equal(generated, reference))
        note = _spearman_note(generated, reference, equal)

        def rho(chosen: np.ndarray, generated: np.ndarray = generated, reference: np.ndarray = reference) -> float:
            x, y = generated[chosen], reference[chosen]
            return float(spearmanr(x, y).statistic) if np.ptp(x) > 0 and np.ptp(y) > 0 else math.nan

        low = high = math.nan
        if varied and not equal:
            low, high = cluster_interval(
                np.arange(len(rows)), rows["task_id"].to_numpy(), rho, samples=samples, confidence=confidence, seed=seed
            )
        records.append(
            {
                "system": system,
                "programs": len(rows),
                "generated lines (median)": float(np.median(generated)),
                "reference lines (median)": float(np.median(reference)),
                "ratio (median)": float(np.median(generated / np.where(reference > 0, reference, np.nan))),
                "spearman": (1.0 if equal else float(spearmanr(generated, reference).statistic))
                if varied
                else math.nan,
                "spearman CI low": low,
                "spearman CI high": high,
                "spearman note": note,
            }
        )
    columns = [
        "system",
        "programs",
        "generated lines (median)",
        "reference lines (median)",
        "ratio (median)",
        "spearman",
        "spearman CI low",
        "spearman CI high",
        "spearman note",
    ]
    table = pd.DataFrame.from_records(records, columns=columns).set_index("system")
    table.attrs["confidence"] = confidence
    table.attrs["decimals"] = {column: 1 for column in columns[2:4]} | {column: 2 for column in columns[4:8]}
    return table


def _spearman_note(generated: np.ndarray, reference: np.ndarray, equal: bool) -> str:
    """Why :func:`length_comparison` gives no rank correlation or no interval for a system ("" when it gives both)."""
    if len(generated) < 3:
        return "fewer than 3 programs"
    constant = [name for name, lengths in (("generated", generated), ("reference", reference)) if np.ptp(lengths) == 0]
    if constant:
        return f"{' and '.join(constant)} length constant"
    return "each as long as its reference" if equal else ""


def length_comparison_display(table: pd.DataFrame) -> pd.DataFrame:
    """The rank correlation and its interval in one cell; ``n/a (<reason>)`` where there is none.

    A system whose every program is as long as its reference shows ``1.00 (each as long as its
    reference)``: a correlation of 1 by construction has no interval worth printing.
    """
    if table.empty:
        return table
    confidence = table.attrs.get("confidence", 0.95)
    medians = ["generated lines (median)", "reference lines (median)", "ratio (median)"]
    shown = table[["programs", *medians]].copy()

    def cell(rho: float, low: float, high: float, note: str) -> str:
        if pd.isna(rho):
            return f"n/a ({note})" if note else "n/a"
        if note:
            return f"{rho:.2f} ({note})"
        return f"{rho:.2f}" if pd.isna(low) else f"{rho:.2f} [{low:.2f}, {high:.2f}]"

    notes = table["spearman note"] if "spearman note" in table else pd.Series("", index=table.index)
    shown[f"spearman ρ [bootstrap {coverage(confidence)} CI, tasks as sample]"] = [
        cell(*values)
        for values in zip(table["spearman"], table["spearman CI low"], table["spearman CI high"], notes.fillna(""))
    ]
    shown.attrs["decimals"] = {column: table.attrs.get("decimals", {}).get(column) for column in medians}
    shown.index.name = "system"
    return shown


def selection_table(frame: pd.DataFrame, success: pd.DataFrame | None = None) -> pd.DataFrame:
    """Primitive selection (PS) scores beside PS and CCK success of the same model.

    Precision, recall and F1 are macro averages over programs of the scores the PS agent recorded;
    as in the paper an empty selection scores 0 on all three, so ``selected nothing`` says how many.

    Returns:
        A frame indexed by system (systems with scores) with ``model``, ``programs``, ``selected
        nothing``, ``precision (%)``, ``recall (%)``, ``F1 (%)``, ``PS success (%)`` and ``CCK
        success (%)`` (the same model's CCK system, where there is one).
    """
    scored = judged_rows(frame)
    scored = scored[scored["selection_f1"].notna() | scored["selection_precision"].notna()]
    columns = [
        "model",
        "programs",
        "selected nothing",
        "precision (%)",
        "recall (%)",
        "F1 (%)",
        "PS success (%)",
        "CCK success (%)",
    ]
    if scored.empty:
        return pd.DataFrame(columns=columns, index=pd.Index([], name="system"))
    if success is None:
        success = success_table(frame, paper=False)
    cck = success[success["setting"] == "cck"]
    cck_by_model = dict(zip(cck["model"], cck["success (%)"]))
    records = []
    for system, rows in scored.groupby("system", observed=True, sort=False):
        model = rows["model"].iloc[0]
        records.append(
            {
                "system": system,
                "model": model,
                "programs": len(rows),
                "selected nothing": int(rows["selected"].map(lambda names: names is not None and not names).sum()),
                "precision (%)": 100 * rows["selection_precision"].astype(float).mean(),
                "recall (%)": 100 * rows["selection_recall"].astype(float).mean(),
                "F1 (%)": 100 * rows["selection_f1"].astype(float).mean(),
                "PS success (%)": success.loc[system, "success (%)"] if system in success.index else math.nan,
                "CCK success (%)": cck_by_model.get(model, math.nan),
            }
        )
    table = pd.DataFrame.from_records(records, columns=["system", *columns]).set_index("system")
    return with_systems(table, frame)


def benchmark_table(
    table: pd.DataFrame,
    scores: pd.DataFrame | str | os.PathLike[str] | None,
    *,
    setting: str | None = "cck",
    confidence: float = 0.95,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> pd.DataFrame:
    """Rank correlation of per-model success (Table 3) with scores on other benchmarks.

    Args:
        table: Output of :func:`success_table`.
        scores: A frame or CSV file with ``model``, ``benchmark``, ``score``; ``None`` gives an empty table.
        setting: Use the models' success in this setting (``None``: every model-backed system).

    Returns:
        :func:`~aspera_workbench.analysis.statistics.benchmark_correlation`'s table.

    Raises:
        FileNotFoundError: the CSV file does not exist.
    """
    if scores is None or table.empty:
        return pd.DataFrame()
    if not isinstance(scores, pd.DataFrame):
        path = Path(scores)
        if not path.is_file():
            raise FileNotFoundError(f"benchmark scores {path} do not exist")
        scores = pd.read_csv(path)
    models = table[table["model"].notna()]
    if setting is not None:
        models = models[models["setting"] == setting]
    success = (models.set_index("model")["success (%)"] / 100).groupby(level=0).mean()
    return benchmark_correlation(success, scores, confidence=confidence, samples=samples, seed=seed)
