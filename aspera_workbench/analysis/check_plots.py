"""Figures about how far the verdicts can be trusted: the audit's error rates, the judge's agreement, verdict flips.

The conventions of :mod:`aspera_workbench.analysis.plots` hold: counts carry their denominator,
rates their interval, and input with nothing to draw raises
:class:`~aspera_workbench.analysis.plots.NoData`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from aspera_workbench.analysis.audit_rates import ALL_KINDS, audit_interval_name, kind_label
from aspera_workbench.analysis.plots import NoData
from aspera_workbench.analysis.statistics import coverage
from aspera_workbench.analysis.style import (
    COLUMN_WIDTH,
    PAGE_WIDTH,
    new_figure,
    plotting_style,
    wrap_label,
    x_grid_only,
)
from aspera_workbench.analysis.wilson import wilson_interval

#: Colours of the two kinds of audit error (Okabe-Ito): blue for false rejections, vermillion for false acceptances.
ERROR_COLOURS = {"false rejection": "#0072B2", "false acceptance": "#D55E00"}


def _interval_dots(axes: Any, values: list[float], lows: list[float], highs: list[float], colour: str) -> None:
    positions = np.arange(len(values))
    for position, value, low, high in zip(positions, values, lows, highs):
        if math.isnan(value):
            continue
        axes.errorbar(
            value,
            position,
            xerr=[[max(0.0, value - low)], [max(0.0, high - value)]],
            fmt="o",
            color=colour,
            capsize=2.5,
            markersize=4,
        )


def plot_audit_rates(rates: pd.DataFrame) -> Any:
    """The audit's false-rejection and false-acceptance rates per variant kind, with their intervals.

    One panel for programs that must pass, one for those that must fail; one row per kind with its
    denominator, all kinds last; the axis names the interval (tasks or programs as the sample).
    Raises :class:`NoData` when no program was judged.
    """
    shown = rates[rates["judged"] > 0]
    if shown.empty:
        raise NoData("the audit judged no program")
    panels = [(must, shown[shown["must"] == must]) for must in ("pass", "fail")]
    panels = [(must, rows) for must, rows in panels if not rows.empty]
    tallest = max(len(rows) for _, rows in panels)
    with plotting_style():
        # One x scale, the whole range of a rate, so the two panels can be compared at a glance.
        figure, axes = new_figure(PAGE_WIDTH, 0.2 * tallest + 1.3, 1, len(panels), sharex=True)
        for panel, (must, rows) in zip(np.atleast_1d(axes), panels):
            error = rows["error"].iloc[0]
            labels = [f"{kind_label(kind)} (n = {judged})" for kind, judged in zip(rows["kind"], rows["judged"])]
            _interval_dots(
                panel,
                list(rows["rate (%)"]),
                list(rows["CI low (%)"]),
                list(rows["CI high (%)"]),
                ERROR_COLOURS[error],
            )
            panel.set_yticks(np.arange(len(rows)), labels)
            for tick, kind in zip(panel.get_yticklabels(), rows["kind"]):
                if kind == ALL_KINDS:
                    tick.set_fontweight("bold")
            panel.set_ylim(len(rows) - 0.5, -0.5)
            panel.set_xlim(-2, 102)
            # Aligned with the axes' right end: long kind names narrow the axes, and a centred label
            # would reach past the page.
            panel.set_xlabel(f"{error}s (% of judged;\n{audit_interval_name(rates)})", loc="right")
            panel.set_title(f"programs that must {must}")
            x_grid_only(panel)
    return figure


def plot_weakest_tasks(tasks: pd.DataFrame, limit: int = 15) -> Any:
    """The tasks whose evaluation programs misjudged the most programs (at most ``limit``), false acceptances first.

    ``tasks`` is :func:`aspera_workbench.audit.task_table`'s table. Raises :class:`NoData` when no
    task has a misjudged program.
    """
    flagged = tasks[(tasks["false_acceptances"] > 0) | (tasks["false_rejections"] > 0)]
    if flagged.empty:
        raise NoData("no evaluation program was flagged")
    worst = flagged.sort_values(["false_acceptances", "false_rejections"], ascending=False, kind="stable").head(limit)
    labels = [
        f"task {task} (n = {int(must_pass) + int(must_fail)} judged)"
        for task, must_pass, must_fail in zip(worst["task_id"], worst["must_pass_judged"], worst["must_fail_judged"])
    ]
    with plotting_style():
        figure, axes = new_figure(COLUMN_WIDTH, 0.24 * len(worst) + 1.4)
        accepted = worst["false_acceptances"].to_numpy()
        rejected = worst["false_rejections"].to_numpy()
        axes.barh(labels, accepted, color=ERROR_COLOURS["false acceptance"], label="wrong program accepted")
        axes.barh(
            labels, rejected, left=accepted, color=ERROR_COLOURS["false rejection"], label="correct program rejected"
        )
        axes.invert_yaxis()
        axes.set_xlabel("misjudged programs")
        axes.xaxis.get_major_locator().set_params(integer=True)
        x_grid_only(axes)
        handles, names = axes.get_legend_handles_labels()
        figure.legend(handles, names, loc="outside lower center", ncols=1, frameon=False)
    return figure


def plot_judge_confusion(confusion: pd.DataFrame, max_panels: int = 6) -> Any:
    """One count matrix (each cell with its share of the row) per judge and judged system, at most
    ``max_panels``. Raises :class:`NoData` for no judgement.
    """
    if confusion.empty or int(confusion["programs"].sum()) == 0:
        raise NoData("no judgements")
    columns = ["judge: correct", "judge: incorrect", "judge: not judged"]
    groups = list(confusion.groupby(["judge", "system"], sort=False))[:max_panels]
    across = min(3, len(groups))
    down = math.ceil(len(groups) / across)
    with plotting_style():
        width = COLUMN_WIDTH if across == 1 else PAGE_WIDTH  # one column for one panel, else the page
        figure, axes = new_figure(width, 1.8 * down + 0.7, down, across, sharey=True)
        axes = np.atleast_2d(axes)
        for panel in axes.flat[len(groups) :]:
            panel.set_visible(False)
        for panel, ((judge, system), rows) in zip(axes.flat, groups):
            counts = rows.set_index("evaluation").reindex(["accepted", "rejected"])[columns].fillna(0).to_numpy(int)
            totals = counts.sum(axis=1, keepdims=True)
            shares = np.divide(counts, totals, out=np.zeros(counts.shape), where=totals > 0)
            panel.imshow(shares, cmap="Blues", vmin=0, vmax=1, aspect="auto")
            for (row, column), count in np.ndenumerate(counts):
                colour = "white" if shares[row, column] > 0.6 else "0.1"
                panel.text(
                    column,
                    row,
                    f"{count}\n({100 * shares[row, column]:.0f}%)",
                    ha="center",
                    va="center",
                    color=colour,
                    fontsize=8,
                )
            panel.set_xticks(range(3), ["correct", "incorrect", "not judged"])
            panel.set_yticks(range(2), [f"accepted\n(n = {totals[0, 0]})", f"rejected\n(n = {totals[1, 0]})"])
            which = wrap_label(f"judge {judge}, programs of {system}", 30)
            if len(groups) == 1:  # one panel: no title (figure style), the label says which
                panel.set_xlabel(f"judge's verdict\n({which})")
            else:
                panel.set_xlabel("judge's verdict")
                panel.set_title(which)
            panel.grid(False)
        axes[0, 0].set_ylabel("evaluation programs")
    return figure


def plot_judge_agreement(agreement: pd.DataFrame) -> Any:
    """Accuracy and Cohen's kappa of each judge against the evaluation programs, with bootstrap intervals.

    Raises :class:`NoData` when no judge gave a verdict.
    """
    shown = agreement[agreement["compared"] > 0] if not agreement.empty else agreement
    if shown.empty:
        raise NoData("no judge gave a verdict")
    confidence = agreement.attrs.get("confidence", 0.95)
    labels = [
        f"{system}\njudge {judge} (n = {n})"
        for judge, system, n in zip(shown["judge"], shown["system"], shown["compared"])
    ]
    with plotting_style():
        figure, (left, right) = new_figure(PAGE_WIDTH, 0.42 * len(shown) + 1.2, 1, 2, sharey=True)
        _interval_dots(
            left,
            list(shown["accuracy (%)"]),
            list(shown["accuracy CI low (%)"]),
            list(shown["accuracy CI high (%)"]),
            "#0072B2",
        )
        _interval_dots(
            right, list(shown["kappa"]), list(shown["kappa CI low"]), list(shown["kappa CI high"]), "#009E73"
        )
        left.set_yticks(np.arange(len(shown)), labels)
        left.set_ylim(len(shown) - 0.5, -0.5)
        left.set_xlim(-2, 102)
        left.set_xlabel(f"accuracy (% of programs with a verdict;\nbootstrap {coverage(confidence)} CI over tasks)")
        right.set_xlim(-1.05, 1.05)
        right.axvline(0, color="0.5", linewidth=0.8, linestyle=":")
        right.set_xlabel(f"Cohen's kappa (0 = chance;\nbootstrap {coverage(confidence)} CI over tasks)")
        for panel in (left, right):
            x_grid_only(panel)
    return figure


def plot_verdict_flips(flips: pd.DataFrame, confidence: float = 0.95) -> Any:
    """Share of tasks whose verdict changes between seeds (the ``"any"`` rows of
    :func:`~aspera_workbench.analysis.statistics.verdict_flips`), per system, with Wilson intervals.

    Raises :class:`NoData` when no system has a task judged under two seeds or more.
    """
    rows = flips[(flips["seed_a"] == "any") & (flips["tasks"] > 0)] if not flips.empty else flips
    if rows.empty:
        raise NoData("no system was run with two seeds or more")
    intervals = [wilson_interval(int(f), int(n), confidence) for f, n in zip(rows["flips"], rows["tasks"])]
    shares = [100 * int(f) / int(n) for f, n in zip(rows["flips"], rows["tasks"])]
    labels = [f"{wrap_label(system, 18)}\n(n = {int(n)} tasks)" for system, n in zip(rows["system"], rows["tasks"])]
    lines = sum(label.count("\n") + 1 for label in labels)
    with plotting_style():
        figure, axes = new_figure(COLUMN_WIDTH, 0.17 * lines + 0.2 * len(rows) + 1.1)
        _interval_dots(
            axes, shares, [100 * low for low, _ in intervals], [100 * high for _, high in intervals], "#CC79A7"
        )
        axes.set_yticks(np.arange(len(rows)), labels)
        axes.set_ylim(len(rows) - 0.5, -0.5)
        axes.set_xlim(-2, 102)
        # Aligned with the axes' right end: a long system name narrows the axes, and a centred label
        # would then reach past the column.
        axes.set_xlabel(
            f"tasks whose verdict differs\nbetween seeds (%; Wilson {coverage(confidence)} CI)", loc="right"
        )
        x_grid_only(axes)
    return figure


def plot_checklist(checklist: pd.DataFrame) -> Any:
    """The share of tasks whose evaluation programs fail each checklist item, with Wilson 95 % intervals.

    ``checklist`` is :func:`aspera_workbench.audit.checklist_table`'s table; one row per item, labelled with
    what the item asks and the number of tasks failing it out of the tasks audited. Raises :class:`NoData`
    when no task fails an item.
    """
    if checklist.empty:
        raise NoData("no evaluation program fails a checklist item")
    labels = [
        wrap_label(f"{item} {asks} ({tasks} of {of} tasks)", 44)
        for item, asks, tasks, of in zip(checklist["item"], checklist["asks"], checklist["tasks"], checklist["of"])
    ]
    with plotting_style():
        figure, axes = new_figure(PAGE_WIDTH, 0.42 * len(checklist) + 1.1)
        for error, colour in ERROR_COLOURS.items():  # the colours of the audit's rates: one per kind of error
            mine = (checklist["error"] == error).to_numpy()
            shares = [share if shown else math.nan for share, shown in zip(checklist["share (%)"], mine)]
            _interval_dots(axes, shares, list(checklist["CI low (%)"]), list(checklist["CI high (%)"]), colour)
            if mine.any():
                axes.plot([], [], "o", color=colour, label=f"shown by a {error}")
        axes.set_yticks(np.arange(len(checklist)), labels)
        axes.set_ylim(len(checklist) - 0.5, -0.5)
        axes.set_xlim(-2, 102)
        axes.set_xlabel("tasks whose evaluation programs fail the item (% of tasks audited; Wilson 95%)", loc="right")
        x_grid_only(axes)
        figure.legend(loc="outside lower center", ncols=2, frameon=False)
    return figure
