"""The figures: each function takes a frame or table of this package and returns a matplotlib figure.

Each draws inside :func:`~aspera_workbench.analysis.style.plotting_style` on a figure pyplot does
not know. Axes say what they show and in which unit, counts carry their denominator (``n = 84
tasks``), rates carry intervals that say which they are. Input with nothing to draw raises
:class:`NoData`, which :class:`~aspera_workbench.analysis.artefacts.Artefacts` turns into a note.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from aspera_workbench.analysis.frames import PROGRAM_KINDS
from aspera_workbench.analysis.statistics import difference_interval_name, interval_name
from aspera_workbench.analysis.style import (
    COLUMN_WIDTH,
    OUTCOME_COLOURS,
    OUTCOME_HATCHES,
    OUTCOME_LABELS,
    OUTCOME_ORDER,
    PAGE_WIDTH,
    SystemStyle,
    category_colours,
    hatch_colour,
    new_figure,
    plotting_style,
    system_styles,
    wrap_label,
    x_grid_only,
)
from aspera_workbench.analysis.taxonomy import CATEGORIES


class NoData(ValueError):
    """The input holds nothing this figure can show (e.g. no run recorded primitive-selection scores)."""


_CORNERS = ("upper left", "upper right", "lower right", "lower left")


def _corner(axes: Any, text: str, where: str = "upper left") -> Any:
    x, ha = (0.02, "left") if "left" in where else (0.98, "right")
    y, va = (0.97, "top") if "upper" in where else (0.03, "bottom")
    box = {"boxstyle": "round,pad=0.25", "facecolor": "white", "edgecolor": "none", "alpha": 0.85}
    return axes.text(x, y, text, transform=axes.transAxes, ha=ha, va=va, fontsize=8, color="0.2", bbox=box, zorder=10)


def _covered(axes: Any, note: Any) -> int:
    """How many of the axes' scatter points lie under a note's box, as the figure is laid out now."""
    box = note.get_bbox_patch().get_window_extent() if note.get_bbox_patch() else note.get_window_extent()
    covered = 0
    for collection in axes.collections:
        offsets = np.asarray(collection.get_offsets(), float)
        if offsets.size == 0:
            continue
        points = axes.transData.transform(offsets)
        covered += int(
            np.sum(
                (points[:, 0] >= box.x0)
                & (points[:, 0] <= box.x1)
                & (points[:, 1] >= box.y0)
                & (points[:, 1] <= box.y1)
            )
        )
    return covered


def _note_clear_of_data(figure: Any, axes: Any, text: str) -> None:
    """Put a note in the corner covering the fewest data points (first in :data:`_CORNERS` on a tie);
    when every corner covers some, the note becomes a second line of the x-axis label.
    """
    figure.draw_without_rendering()  # lays the figure out, so boxes are where they will be saved
    best, fewest = None, None
    for where in _CORNERS:
        note = _corner(axes, text, where)
        figure.draw_without_rendering()
        covered = _covered(axes, note)
        note.remove()
        if fewest is None or covered < fewest:
            best, fewest = where, covered
        if covered == 0:
            break
    if fewest:
        axes.set_xlabel(f"{axes.get_xlabel()}\n{text.replace(chr(10), ', ')}")
    else:
        _corner(axes, text, best)


def _spearman(x: Sequence[float], y: Sequence[float]) -> float:
    from scipy.stats import spearmanr  # deferred: scipy.stats takes ~2 s to import, only correlations need it

    x, y = np.asarray(x, float), np.asarray(y, float)
    if len(x) < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return math.nan
    return float(spearmanr(x, y).statistic)


def _styles(table: pd.DataFrame, shown: Sequence[str]) -> dict[str, SystemStyle]:
    """Style per system, decided among every system of the runs the table came from, so a system
    looks the same in every figure, even one that shows only some systems.
    """
    order = list(table.attrs.get("systems", [])) or list(shown)
    styles = system_styles(order + [s for s in shown if s not in order])
    return {system: styles[system] for system in shown}


def _colours(table: pd.DataFrame, shown: Sequence[str]) -> dict[str, str]:
    return {system: style.colour for system, style in _styles(table, shown).items()}


def _systems(categories: Sequence[str], present: Sequence[str]) -> list[str]:
    shown = set(present)
    return [system for system in categories if system in shown]


def _legend_below(figure: Any, axes: Any, columns: int = 3, first: str | None = None) -> None:
    """The legend below the plot in as many of ``columns`` columns as fit the figure's width (one
    column wraps long entries), so a legend never widens a saved figure; labels starting with
    ``first`` come first (matplotlib lists containers such as error bars last).
    """
    handles, labels = axes.get_legend_handles_labels()
    if not handles:
        return
    if first is not None:
        ordered = sorted(zip(labels, handles), key=lambda item: not item[0].startswith(first))
        labels, handles = [label for label, _ in ordered], [handle for _, handle in ordered]
    width = figure.bbox.width
    for ncols in range(max(1, columns), 0, -1):
        shown = labels if ncols > 1 else [wrap_label(label, 44) for label in labels]
        legend = figure.legend(handles, shown, loc="outside lower center", ncols=ncols, frameon=False)
        if ncols == 1 or legend.get_window_extent(figure._get_renderer()).width <= 0.98 * width:  # noqa: SLF001
            return
        legend.remove()


def plot_outcomes(table: pd.DataFrame, title: str | None = None) -> Any:
    """Stacked horizontal bars: the share of each outcome among each row's judged programs.

    ``table`` has a column per outcome and a denominator ``programs`` or ``n``
    (:func:`~aspera_workbench.analysis.result_tables.outcome_counts`,
    :func:`~aspera_workbench.analysis.outcome_rates.outcome_table`). ``title`` is for use outside the
    pipeline, whose figures have their captions in ``figures/README.md``. Raises :class:`NoData` for
    an empty table.
    """
    if table.empty:
        raise NoData("no runs to show")
    denominator = table["programs"] if "programs" in table else table["n"]
    judged = [o for o in OUTCOME_ORDER if o != "model_error" and o in table]
    shares = 100 * table[judged].div(denominator.where(denominator > 0), axis=0).fillna(0.0)
    shares = shares.loc[:, (shares > 0).any(axis=0)]
    labels = [f"{index}\n(n = {int(n)} programs)" for index, n in zip(table.index, denominator)]
    with plotting_style():
        figure, axes = new_figure(PAGE_WIDTH, 0.42 * len(table) + 1.3)
        left = np.zeros(len(table))
        for outcome in shares.columns:
            values = shares[outcome].to_numpy()
            axes.barh(
                labels,
                values,
                left=left,
                color=OUTCOME_COLOURS[outcome],
                hatch=OUTCOME_HATCHES[outcome] or None,
                hatchcolor=hatch_colour(OUTCOME_COLOURS[outcome]),
                label=OUTCOME_LABELS[outcome],
            )
            left += values
        axes.set_xlim(0, 100)
        axes.set_xlabel("share of judged programs (%)")
        axes.invert_yaxis()
        x_grid_only(axes)
        if title:
            axes.set_title(title)
        _legend_below(figure, axes, columns=min(5, max(1, shares.shape[1])))
    return figure


def plot_complexity_distributions(tasks: pd.DataFrame) -> Any:
    """Histograms of the reference programs' cyclomatic complexity, unique primitives and length, medians marked.

    Raises :class:`NoData` for no task.
    """
    if tasks.empty:
        raise NoData("no tasks")
    panels = [
        ("complexity", "cyclomatic complexity (radon)"),
        ("unique_primitives", "unique library primitives used"),
        ("reference_code_lines", "reference program length (lines)"),
    ]
    with plotting_style():
        figure, axes = new_figure(PAGE_WIDTH, 2.3, 1, 3)
        tallest_bars = []
        for panel, (column, label) in zip(axes, panels):
            values = tasks[column].dropna().astype(int).to_numpy()
            width = max(1, math.ceil((values.max() - values.min() + 1) / 25))
            edges = np.arange(values.min(), values.max() + width + 1, width) - 0.5
            heights, _, _ = panel.hist(values, bins=edges, color="#0072B2", edgecolor="white", linewidth=0.5)
            median = float(np.median(values))
            tallest = max(heights.max(), 1)
            tallest_bars.append(tallest)
            # The median line ends at the tallest bar, so the band above the bars is free for the legend.
            panel.vlines(median, 0, tallest, color="#D55E00", linestyle="--", linewidth=1.2, label=f"median {median:g}")
            panel.set_xlabel(wrap_label(label, 24))
            panel.set_ylim(0, tallest * 1.3)
            panel.yaxis.set_major_locator(MaxNLocator(integer=True))
        axes[0].set_ylabel(f"tasks (n = {len(tasks)})")
        for panel, tallest in zip(axes, tallest_bars):  # once every label is set: the layout no longer changes
            _legend_above_bars(figure, panel, tallest)
    return figure


def _drawn_under(axes: Any, box: Any) -> bool:
    """Whether a box (display coordinates) overlaps one of the axes' bars of some height or one of its lines."""
    bars = [patch for patch in axes.patches if patch.get_height() > 0]
    extents = [shape.get_window_extent() for shape in [*bars, *axes.lines]]
    # A collection's own get_window_extent gives data limits, not display ones: its paths, transformed.
    for collection in axes.collections:
        extents += [path.get_extents(collection.get_transform()) for path in collection.get_paths()]
    return any(extent.overlaps(box) for extent in extents)


def _legend_above_bars(figure: Any, axes: Any, tallest: float) -> None:
    """The legend in the upper corner (right, else left) that covers no bar and no line, growing the
    headroom above the tallest bar until one is free.
    """
    for headroom in (1.3, 1.45, 1.6, 1.8, 2.0, 2.3):
        axes.set_ylim(0, tallest * headroom)
        for where in ("upper right", "upper left"):
            legend = axes.legend(loc=where, handlelength=1.5)
            figure.draw_without_rendering()
            if not _drawn_under(axes, legend.get_window_extent()):
                return
            legend.remove()
    axes.set_ylim(0, tallest * 1.3)  # nothing free even at 2.3 times the tallest bar: the right corner after all
    axes.legend(loc="upper right", handlelength=1.5)


def plot_query_length(tasks: pd.DataFrame, y: str = "unique_primitives", seed: int = 0) -> Any:
    """Query length against a property of the reference program, one task per point, Spearman's rho in a corner.

    Integer axes get a little seeded jitter so equal points stay visible. Raises :class:`NoData`
    when no task has both values.
    """
    labels = {
        "unique_primitives": "unique library primitives used",
        "complexity": "cyclomatic complexity (radon)",
        "reference_code_lines": "reference program length (lines)",
    }
    data = tasks[["query_words", y]].dropna().astype(float)
    if data.empty:
        raise NoData("no task with a query length and a value to plot against it")
    rng = np.random.default_rng(seed)
    jitter_x = rng.uniform(-0.25, 0.25, len(data))
    jitter_y = rng.uniform(-0.2, 0.2, len(data))
    with plotting_style():
        figure, axes = new_figure(COLUMN_WIDTH, 2.6)
        axes.scatter(
            data["query_words"] + jitter_x,
            data[y] + jitter_y,
            s=14,
            alpha=0.75,
            color="#0072B2",
            edgecolor="white",
            linewidth=0.3,
        )
        axes.set_xlabel("query length (words)")
        axes.set_ylabel(labels.get(y, y))
        rho = _spearman(data["query_words"], data[y])
        _note_clear_of_data(figure, axes, f"Spearman ρ = {rho:.2f}\nn = {len(data)} tasks")
    return figure


def plot_program_lengths(programs: pd.DataFrame) -> Any:
    """ECDF of program length for reference, setup and evaluation programs, medians marked, counts in the legend.

    Raises :class:`NoData` for no program.
    """
    if programs.empty:
        raise NoData("no programs")
    colours = {"reference": "#0072B2", "setup": "#E69F00", "evaluation": "#009E73"}
    linestyles = {"reference": "-", "setup": "--", "evaluation": ":"}  # apart in grey too
    with plotting_style():
        figure, axes = new_figure(COLUMN_WIDTH, 3.4)
        for kind, label in PROGRAM_KINDS.items():
            values = np.sort(programs.loc[programs["kind"] == kind, "code_lines"].to_numpy())
            if len(values) == 0:
                continue
            share = 100 * np.arange(1, len(values) + 1) / len(values)
            median = float(np.median(values))
            axes.step(
                values,
                share,
                where="post",
                color=colours[kind],
                label=f"{label}, n = {len(values)}, median {median:g}",
                linestyle=linestyles[kind],
            )
            axes.plot([median], [50], marker="o", color=colours[kind], markersize=4)
        axes.axhline(50, color="0.6", linewidth=0.6, linestyle=":")
        axes.set_xlabel("program length\n(lines; blanks, comments not counted)")
        axes.set_ylabel("programs at most this long (%)")
        axes.set_ylim(0, 100)
        axes.set_xlim(left=0)
        _legend_below(figure, axes, columns=1)
    return figure


def plot_task_success(table: pd.DataFrame, frame: pd.DataFrame | None = None) -> Any:
    """Task success per system: mean, Wilson interval (tasks as sample), each seed as a dot (given
    ``frame``), the paper's figure: success on all tasks, the evaluation program's verdict. Below it, with the
    same interval, the checked verdict's success and the success on the audited subset when one was given.
    Raises :class:`NoData` for an empty table.
    """
    if table.empty:
        raise NoData("no judged programs")
    confidence = table.attrs.get("confidence", 0.95)
    systems = list(table.index)
    styles = _styles(table, systems)
    colours = {system: style.colour for system, style in styles.items()}
    positions = np.arange(len(systems))
    seed_label = "one seed"  # given to the first system drawn with seed dots, whichever row that is
    lines = _verdict_lines(table)
    with plotting_style():
        names = {system: wrap_label(system) for system in systems}
        extra_lines = sum(name.count("\n") for name in names.values())
        height = (0.38 + 0.17 * len(lines)) * len(systems) + 0.16 * extra_lines + 1.45 + 0.15 * len(lines)
        figure, axes = new_figure(COLUMN_WIDTH if len(systems) <= 6 else PAGE_WIDTH, height)
        for position, system in zip(positions, systems):
            row = table.loc[system]
            mean, low, high = row["success (%)"], row["CI low (%)"], row["CI high (%)"]
            axes.errorbar(
                mean,
                position,
                xerr=[[max(0.0, mean - low)], [max(0.0, high - mean)]],
                fmt=styles[system].marker,
                color=colours[system],
                capsize=2.5,
                markersize=5,
                label=f"mean, {interval_name(confidence)}" if position == 0 else None,
            )
            if frame is not None and int(row["seeds"]) > 1:
                rows = frame[(frame["system"] == system) & frame["judged"]]
                per_seed = 100 * rows.groupby("seed")["success"].mean()
                axes.scatter(
                    per_seed,
                    np.full(len(per_seed), position + (-0.22 if lines else 0.22)),  # above the verdict lines
                    s=8,
                    color=colours[system],
                    alpha=0.7,
                    label=seed_label,
                )
                seed_label = None
            paper = row.get("paper (%)")
            if paper is not None and not pd.isna(paper):
                axes.scatter(
                    [paper], [position], marker="D", s=22, facecolor="none", edgecolor="0.1", zorder=5, label="paper"
                )
        _draw_verdict_lines(axes, table, lines, colours)
        axes.set_yticks(positions, [f"{names[s]}\n(n = {int(table.loc[s, 'tasks'])} tasks)" for s in systems])
        # Half a row above the first and below the last: the two-line labels stay inside the plot area.
        axes.set_ylim(len(systems) - 0.5, -0.5)
        axes.set_xlim(-2, 102)
        axes.set_xlabel("task success (%)")
        x_grid_only(axes)
        _legend_below(figure, axes, columns=2, first="mean")
    return figure


#: The lines below a system's success in :func:`plot_task_success`: Table 3's column prefix, label, marker, fill.
_VERDICT_LINES = {
    "checked": ("checked", "checked verdict", "o", "none"),
    "subset": ("subset", "audited subset", "s", "bottom"),
}


def _verdict_lines(table: pd.DataFrame) -> list[str]:
    """The verdict lines a Table 3 holds: the checked verdict's always (unknown is said), the subset's when given."""
    lines = ["checked"] if "checked unknown" in table else []
    if "audited subset" in table and (table["audited subset"] != "not given").any():
        lines.append("subset")
    return lines


def _draw_verdict_lines(axes: Any, table: pd.DataFrame, lines: list[str], colours: dict[str, str]) -> None:
    """Each system's checked and audited-subset success on lines of their own below its success on all tasks (the
    evaluation program's verdict), in the system's colour with a marker of their own (a hollow circle, a half-filled
    square: apart in grey too); an unknown checked verdict is said in words, not drawn."""
    for offset, line in zip((0.2, 0.38), lines):
        prefix, label, marker, fill = _VERDICT_LINES[line]
        if line == "subset":
            label = f"audited subset ({'; '.join(sorted(set(table['audited subset']) - {'not given'}))})"
        elif (table["checked unknown"] > 0).any():
            label += " (unknown: k of n programs have none)"
        for position, system in enumerate(table.index):
            row = table.loc[system]
            mean, low, high = row[f"{prefix} success (%)"], row[f"{prefix} CI low (%)"], row[f"{prefix} CI high (%)"]
            if line == "checked" and row["checked unknown"]:
                unknown = f"unknown: {int(row['checked unknown'])} of {int(row['programs'])}"
                axes.text(1, position + offset, unknown, va="center", fontsize=8, color="0.35")
                continue
            if pd.isna(mean):
                continue
            axes.errorbar(
                mean,
                position + offset,
                xerr=[[max(0.0, mean - low)], [max(0.0, high - mean)]],
                fmt=marker,
                fillstyle=fill,
                markerfacecoloralt="white",
                color=colours[system],
                capsize=2,
                markersize=4.5,
                elinewidth=0.8,
            )
        # A grey marker names the line in the legend (the colour belongs to the system).
        axes.plot([], [], marker, fillstyle=fill, color="0.25", markerfacecoloralt="white", markersize=4.5, label=label)


def plot_error_types(taxonomy: pd.DataFrame) -> Any:
    """Stacked bars per system: the share of its failures in each error category
    (:func:`~aspera_workbench.analysis.taxonomy.error_taxonomy`). Raises :class:`NoData` when nothing was judged.
    """
    judged = taxonomy[taxonomy["judged"]]
    if judged.empty:
        raise NoData("no judged programs")
    systems = _systems(list(taxonomy["system"].cat.categories), list(judged["system"]))
    failures = judged[~judged["success"]]
    counts = failures.groupby(["system", "category"], observed=True).size().unstack("category", fill_value=0)
    counts = counts.reindex(index=systems, fill_value=0)
    order = [c for c in taxonomy["category"].cat.categories if c in counts.columns and counts[c].sum() > 0]
    counts = counts[order] if order else counts.iloc[:, :0]
    totals = counts.sum(axis=1)
    shares = 100 * counts.div(totals.where(totals > 0), axis=0).fillna(0.0)
    colours = category_colours(order)
    labels = [f"{s}\n(n = {int(totals[s])} failures)" for s in systems]
    with plotting_style():
        figure, axes = new_figure(PAGE_WIDTH, 0.42 * len(systems) + 1.6)
        left = np.zeros(len(systems))
        for category in order:
            values = shares[category].to_numpy()
            axes.barh(labels, values, left=left, color=colours[category], label=category)
            left += values
        for position, system in enumerate(systems):
            if totals[system] == 0:
                axes.text(1, position, "no failure", va="center", fontsize=8, color="0.35")
        axes.set_xlim(0, 100)
        axes.set_xlabel("share of failed programs (%)")
        axes.invert_yaxis()
        x_grid_only(axes)
        _legend_below(figure, axes, columns=3)
    return figure


def plot_success_by_length(binned: pd.DataFrame, systems: Sequence[str] | None = None) -> Any:
    """Task success against reference-program length, one line per system with its Wilson band.

    Raises :class:`NoData` when no task has a verdict and a reference program.
    """
    if binned.empty or binned["tasks"].sum() == 0:
        raise NoData("no task with both a verdict and a reference program")
    order = list(systems) if systems is not None else list(dict.fromkeys(binned["system"]))
    styles = _styles(binned, order)
    bins = binned.drop_duplicates("bin")[["bin", "low"]].sort_values("low")
    positions = {label: index for index, label in enumerate(bins["bin"])}
    # Each system's tasks in the bin: one number when they agree, else the range (never one system's count for all).
    drawn = binned[binned["system"].isin(order)].groupby("bin", sort=False)["tasks"]
    fewest, most = drawn.min(), drawn.max()
    counts = {
        label: str(most[label]) if fewest[label] == most[label] else f"{fewest[label]}–{most[label]}"
        for label in most.index
    }
    with plotting_style():
        figure, axes = new_figure(COLUMN_WIDTH, 3.1)
        for system in order:
            rows = binned[(binned["system"] == system) & (binned["tasks"] > 0)]
            x = [positions[label] for label in rows["bin"]]
            style = styles[system]
            axes.plot(
                x,
                rows["success (%)"],
                marker=style.marker,
                markersize=4,
                linestyle=style.linestyle,
                color=style.colour,
                label=system,
            )
            axes.fill_between(x, rows["CI low (%)"], rows["CI high (%)"], color=style.colour, alpha=0.15, linewidth=0)
        axes.set_xticks(
            list(positions.values()), [f"{label.replace(' lines', '')}\nn = {counts[label]}" for label in positions]
        )
        axes.set_xlabel("reference program length\n(lines; n = tasks per bin)")
        axes.set_ylabel("task success (%)")
        axes.set_ylim(-3, 103)
        confidence = binned.attrs.get("confidence", 0.95)
        axes.fill_between([], [], [], color="0.5", alpha=0.25, linewidth=0, label=f"band: {interval_name(confidence)}")
        _legend_below(figure, axes, columns=2)
    return figure


def plot_generated_vs_reference(pairs: pd.DataFrame, systems: Sequence[str] | None = None, seed: int = 0) -> Any:
    """Generated against reference program length, one program per point, with the line of equal
    length and each system's Spearman rho. Raises :class:`NoData` for no program.
    """
    if pairs.empty:
        raise NoData("no judged programs")
    order = list(systems) if systems is not None else list(dict.fromkeys(pairs["system"]))
    styles = _styles(pairs, order)
    rng = np.random.default_rng(seed)
    with plotting_style():
        figure, axes = new_figure(COLUMN_WIDTH, 3.5)
        for system in order:
            rows = pairs[pairs["system"] == system]
            if rows.empty:
                continue
            x = rows["reference lines"].to_numpy(float) + rng.uniform(-0.3, 0.3, len(rows))
            y = rows["generated lines"].to_numpy(float) + rng.uniform(-0.3, 0.3, len(rows))
            rho = _spearman(rows["reference lines"], rows["generated lines"])
            rho_text = "" if math.isnan(rho) else f", ρ = {rho:.2f}"
            axes.scatter(
                x,
                y,
                s=11,
                alpha=0.6,
                marker=styles[system].marker,
                color=styles[system].colour,
                label=f"{system} (n = {len(rows)} programs{rho_text})",
                linewidth=0,
            )
        top = float(max(pairs["reference lines"].max(), pairs["generated lines"].max())) + 2
        axes.plot([0, top], [0, top], color="0.4", linestyle="--", linewidth=0.8, label="equal length")
        axes.set_xlim(0, top)
        axes.set_ylim(0, top)
        axes.set_xlabel("reference program length (lines)")
        axes.set_ylabel("generated program\nlength (lines)")
        _legend_below(figure, axes, columns=2)
    return figure


def plot_selection(selection: pd.DataFrame) -> Any:
    """Primitive selection: precision, recall and F1 per system, and PS against CCK success per model.

    Raises :class:`NoData` when no system recorded selection scores.
    """
    if selection.empty:
        raise NoData("no run recorded primitive-selection scores (PS setting)")
    systems = list(selection.index)
    colours = _colours(selection, systems)
    metrics = ["precision (%)", "recall (%)", "F1 (%)"]
    with plotting_style():
        figure, (left, right) = new_figure(PAGE_WIDTH, 2.8, 1, 2)
        width = 0.8 / len(systems)
        for index, system in enumerate(systems):
            x = np.arange(len(metrics)) + (index - (len(systems) - 1) / 2) * width
            n = int(selection.loc[system, "programs"])
            left.bar(
                x,
                selection.loc[system, metrics].to_numpy(float),
                width,
                color=colours[system],
                label=f"{system} (n = {n} programs)",
            )
        left.set_xticks(np.arange(len(metrics)), [m.replace(" (%)", "") for m in metrics])
        left.set_ylabel("mean over programs (%)")
        left.set_ylim(0, 100)
        _legend_below(figure, left, columns=min(3, len(systems)))
        both = selection.dropna(subset=["PS success (%)", "CCK success (%)"])
        for system, row in both.iterrows():
            right.scatter(row["CCK success (%)"], row["PS success (%)"], color=colours[system], s=25)
            right.annotate(
                str(row["model"]),
                (row["CCK success (%)"], row["PS success (%)"]),
                fontsize=7.5,
                xytext=(3, 3),
                textcoords="offset points",
            )
        right.plot([0, 100], [0, 100], color="0.4", linestyle="--", linewidth=0.8)
        right.set_xlim(0, 100)
        right.set_ylim(0, 100)
        right.set_xlabel("CCK task success (%)")
        right.set_ylabel("PS task success (%)")
        if both.empty:
            _corner(right, "no model was run in both settings")
    return figure


def plot_pass_k(table: pd.DataFrame) -> Any:
    """pass^k and pass@k against k per system, with Wilson bands over tasks.

    Raises :class:`NoData` when no system has a task judged under two seeds or more.
    """
    several = table.groupby("system", sort=False)["k"].max() if not table.empty else pd.Series(dtype=int)
    systems = [system for system, k in several.items() if k >= 2]
    if not systems:
        raise NoData("no system was run with two seeds or more")
    colours = _colours(table, systems)
    with plotting_style():
        figure, axes = new_figure(COLUMN_WIDTH, 2.6)
        for system in systems:
            rows = table[table["system"] == system]
            n = int(rows["tasks"].iloc[0])
            for name, marker, line in (("pass^k", "o", "-"), ("pass@k", "^", ":")):
                axes.plot(
                    rows["k"],
                    rows[f"{name} (%)"],
                    marker=marker,
                    linestyle=line,
                    color=colours[system],
                    label=f"{system} (n = {n} tasks)" if name == "pass^k" else None,
                )
                axes.fill_between(
                    rows["k"],
                    rows[f"{name} CI low (%)"],
                    rows[f"{name} CI high (%)"],
                    color=colours[system],
                    alpha=0.15,
                    linewidth=0,
                )
        confidence = table.attrs.get("confidence", 0.95)
        axes.plot([], [], color="0.2", marker="o", label="pass^k: passed in all k of k tries")
        axes.plot([], [], color="0.2", marker="^", linestyle=":", label="pass@k: passed in at least 1 of k tries")
        axes.fill_between([], [], [], color="0.5", alpha=0.25, linewidth=0, label=f"band: {interval_name(confidence)}")
        axes.set_xlabel("k (tries per task)")
        axes.set_ylabel("tasks passed (%)")
        axes.set_ylim(0, 100)
        axes.set_xticks(sorted(set(table["k"])))
        _legend_below(figure, axes, columns=1)
    return figure


def plot_setting_comparison(comparison: pd.DataFrame, sources: pd.DataFrame) -> Any:
    """Library against control per model: the paired difference of success, and the failures behind it.

    Left: library minus control success with Newcombe's paired interval. Right: per model and
    setting, the failed paired verdicts stacked by error category; the gap between a model's two
    bars is the difference on the left. Raises :class:`NoData` when no model ran in both settings.
    """
    if comparison.empty:
        raise NoData("no model was run both with the library and in the control setting")
    confidence = comparison.attrs.get("confidence", 0.95)
    models = list(comparison["model"])
    present = list(sources["category"].drop_duplicates()) if not sources.empty else []
    order = [c for c in CATEGORIES if c in present] + [c for c in present if c not in CATEGORIES]
    colours = category_colours(order)
    with plotting_style():
        figure, (left, right) = new_figure(PAGE_WIDTH, 0.75 * len(models) + 1.9, 1, 2, width_ratios=[1, 1.5])
        for position, (_, row) in enumerate(comparison.iterrows()):
            difference, low, high = row["library - control (%)"], row["CI low (%)"], row["CI high (%)"]
            left.errorbar(
                difference,
                position,
                xerr=[[max(0.0, difference - low)], [max(0.0, high - difference)]],
                fmt="o",
                color="0.15",
                capsize=2.5,
                markersize=5,
            )
        left.axvline(0, color="0.5", linewidth=0.8, linestyle="--")
        left.set_yticks(
            range(len(models)),
            [f"{row['model']}\n(n = {int(row['tasks'])} tasks)" for _, row in comparison.iterrows()],
        )
        left.set_ylim(len(models) - 0.5, -0.5)
        left.set_xlabel("library − control success\n(percentage points)")
        left.set_title(wrap_label(difference_interval_name(confidence), 30))
        left.grid(axis="y", visible=False)
        labels, positions = [], []
        for index, model in enumerate(models):
            rows = sources[sources["model"] == model]
            for offset, setting in ((-0.2, "library"), (0.2, "control")):
                start = 0.0
                for category in order:
                    share = rows.loc[rows["category"] == category, f"{setting} (%)"].sum()
                    right.barh(index + offset, share, 0.36, left=start, color=colours[category])
                    start += share
                positions.append(index + offset)
                labels.append(setting)
        for boundary in range(1, len(models)):
            for axes in (left, right):
                axes.axhline(boundary - 0.5, color="0.85", linewidth=0.8)
        right.set_yticks(positions, labels, fontsize=7.5)
        right.set_ylim(len(models) - 0.5, -0.5)
        right.set_xlim(0, 100)
        right.set_xlabel("failed paired verdicts (% of paired verdicts)")
        right.set_title("failures by error category")
        x_grid_only(right)
        if order:
            handles = [Patch(facecolor=colours[category], label=category) for category in order]
            figure.legend(handles=handles, loc="outside lower center", ncols=min(3, len(order)), frameon=False)
    return figure
