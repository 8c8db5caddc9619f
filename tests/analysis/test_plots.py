"""Figures: what they show, their labels and denominators, and that drawing them changes no global state."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import matplotlib
import pandas as pd
import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.analysis import (
    NoData,
    error_taxonomy,
    length_pairs,
    outcome_counts,
    pass_k_table,
    plot_complexity_distributions,
    plot_error_types,
    plot_generated_vs_reference,
    plot_outcomes,
    plot_pass_k,
    plot_program_lengths,
    plot_query_length,
    plot_selection,
    plot_success_by_length,
    plot_task_success,
    programs_frame,
    runs_frame,
    selection_table,
    success_by_length,
    success_table,
    tasks_frame,
)
from tests.analysis.support import cck_and_ps_runs

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
S, F = "success", "task_completion_error"


@pytest.fixture(scope="module")
def mini_tasks() -> pd.DataFrame:
    return tasks_frame(load_tasks(MINI))


@pytest.fixture
def runs(tmp_path: Path, mini_tasks: pd.DataFrame) -> pd.DataFrame:
    return runs_frame(list(cck_and_ps_runs(tmp_path, list(mini_tasks.index))))


def test_task_success_legend_names_the_seed_dots_whatever_system_comes_first(runs: pd.DataFrame):
    table = success_table(runs)
    single_seed_first = table.sort_values("seeds", kind="stable")
    assert list(single_seed_first["seeds"]) == [1, 2]
    figure = plot_task_success(single_seed_first, runs)
    assert "one seed" in [t.get_text() for t in figure.legends[0].get_texts()]


@pytest.mark.parametrize("systems", [1, 2])
def test_task_success_labels_stay_inside_the_axes_height(runs: pd.DataFrame, systems: int):
    figure = plot_task_success(success_table(runs).iloc[:systems], runs)
    axes = figure.axes[0]
    figure.canvas.draw()
    top, bottom = axes.get_window_extent().y1, axes.get_window_extent().y0
    for label in axes.get_yticklabels():
        extent = label.get_window_extent()
        assert bottom <= extent.y0 and extent.y1 <= top, label.get_text()


def _overlaps_drawn_data(axes, box) -> list[str]:  # noqa: ANN001 - matplotlib axes and bbox
    """What of the axes' bars (of some height), lines and line collections a box in display coordinates overlaps."""
    bars = [patch for patch in axes.patches if patch.get_height() > 0]
    drawn = [(f"bar at {bar.get_x():g}", bar.get_window_extent()) for bar in bars]
    drawn += [(f"line {line.get_label()}", line.get_window_extent()) for line in axes.lines]
    drawn += [
        (f"lines {collection.get_label()}", path.get_extents(collection.get_transform()))
        for collection in axes.collections
        for path in collection.get_paths()
    ]
    return [name for name, extent in drawn if extent.overlaps(box)]


@pytest.mark.parametrize("middle", [False, True])
def test_complexity_legends_cover_no_bar_and_no_median_line(mini_tasks: pd.DataFrame, middle: bool):
    tasks = mini_tasks
    if middle:  # a flat histogram whose median sits in the middle: no upper corner is free of the line by chance
        values = [value for value in range(3, 16) for _ in range(4)]
        tasks = pd.DataFrame(dict.fromkeys(["complexity", "unique_primitives", "reference_code_lines"], values))
    figure = plot_complexity_distributions(tasks)
    figure.canvas.draw()
    for axes in figure.axes:
        legend = axes.get_legend()
        assert any("median" in shape.get_label() for shape in [*axes.lines, *axes.collections])
        assert _overlaps_drawn_data(axes, legend.get_window_extent()) == [], legend.get_texts()[0].get_text()


def test_complexity_and_query_figures_label_axes_and_denominators(mini_tasks: pd.DataFrame):
    figure = plot_complexity_distributions(mini_tasks)
    assert [a.get_xlabel().replace("\n", " ") for a in figure.axes] == [
        "cyclomatic complexity (radon)",
        "unique library primitives used",
        "reference program length (lines)",
    ]
    assert figure.axes[0].get_ylabel() == "tasks (n = 4)"
    median = mini_tasks["complexity"].median()
    assert figure.axes[0].get_legend().get_texts()[0].get_text() == f"median {median:g}"
    scatter = plot_query_length(mini_tasks, "complexity").axes[0]
    assert scatter.get_xlabel() == "query length (words)"
    assert any("n = 4 tasks" in t.get_text() and "Spearman" in t.get_text() for t in scatter.texts)
    lengths = plot_program_lengths(programs_frame(load_tasks(MINI)))
    labels = [t.get_text() for t in lengths.legends[0].get_texts()]
    assert labels[0].startswith("reference program (AEP), n = 4, median")


def test_run_figures_show_intervals_seeds_categories_and_selection(runs: pd.DataFrame, mini_tasks: pd.DataFrame):
    table = success_table(runs)
    success = plot_task_success(table, runs)
    legend = [t.get_text() for t in success.legends[0].get_texts()]
    assert legend[0] == "mean, Wilson 95% CI, tasks as sample" and "one seed" in legend
    assert success.axes[0].get_xlabel() == "task success (%)"
    errors = plot_error_types(error_taxonomy(runs))
    assert {t.get_text() for t in errors.legends[0].get_texts()} == {
        "wrong effect or answer",
        "unknown name or attribute",
    }
    assert "gpt-4o (CCK)\n(n = 4 failures)" in [t.get_text() for t in errors.axes[0].get_yticklabels()]
    by_length = plot_success_by_length(success_by_length(runs, mini_tasks))
    assert "band: Wilson 95% CI, tasks as sample" in [t.get_text() for t in by_length.legends[0].get_texts()]
    lengths = plot_generated_vs_reference(length_pairs(runs, mini_tasks))
    assert lengths.axes[0].get_ylabel() == "generated program\nlength (lines)"
    entries = [text.get_text() for text in lengths.legends[0].get_texts() if text.get_text() != "equal length"]
    assert entries and all(re.search(r"\(n = \d+ programs(, ρ = -?\d\.\d\d)?\)$", entry) for entry in entries), entries
    selection = plot_selection(selection_table(runs, table))
    assert selection.axes[1].get_xlabel() == "CCK task success (%)"
    assert len(selection.axes[1].collections) == 1  # one model run in both settings
    pass_k = plot_pass_k(pass_k_table(runs))
    assert "gpt-4o (CCK) (n = 4 tasks)" in [t.get_text() for t in pass_k.legends[0].get_texts()]
    assert pass_k.axes[0].get_ylabel() == "tasks passed (%)"
    assert "pass^k: passed in all k of k tries" in [t.get_text() for t in pass_k.legends[0].get_texts()]
    assert pass_k.axes[0].collections, "pass^k and pass@k carry interval bands"


def test_figures_without_data_raise_no_data(runs: pd.DataFrame):
    empty = runs.iloc[0:0]
    with pytest.raises(NoData):
        plot_selection(selection_table(runs[runs["setting"] == "cck"]))
    with pytest.raises(NoData):
        plot_pass_k(pass_k_table(runs[runs["setting"] == "ps"]))
    with pytest.raises(NoData):
        plot_outcomes(outcome_counts(empty).iloc[0:0])


def test_plotting_leaves_matplotlib_settings_as_they_were(runs: pd.DataFrame):
    import matplotlib.pyplot as plt

    before = dict(matplotlib.rcParams)
    figures_before = plt.get_fignums()
    plot_outcomes(outcome_counts(runs))
    plot_task_success(success_table(runs), runs)
    assert dict(matplotlib.rcParams) == before
    assert plt.get_fignums() == figures_before  # no pyplot figure left open


SCRIPT = """
import matplotlib
matplotlib.use("module://matplotlib_inline.backend_inline")
import matplotlib.pyplot as plt
from aspera_workbench.analysis import outcome_table, plot_outcomes
from aspera_core.records import Outcome, ResultRow
row = ResultRow(task_id="1", query="q", agent="a", program="p", outcome=Outcome.SUCCESS, duration_s=0, pairs_run=1)
plot_outcomes(outcome_table({"a": [row]}))
print(matplotlib.get_backend(), len(plt.get_fignums()))
"""


def test_a_notebooks_backend_is_not_switched():
    """The inline backend of a notebook kernel stays in place, so executed notebooks show their figures."""
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["module://matplotlib_inline.backend_inline", "0"]


def test_a_system_keeps_its_colour_in_figures_that_show_only_some_systems(runs: pd.DataFrame):
    from matplotlib.colors import to_hex

    table = success_table(runs)
    success = plot_task_success(table, runs).axes[0]
    ps_position = list(table.index).index("gpt-4o (PS)")
    colour_in_success = to_hex(success.lines[ps_position * 3].get_color())  # errorbar: marker line first
    selection = plot_selection(selection_table(runs, table)).axes[0]  # shows the PS system alone
    assert to_hex(selection.patches[0].get_facecolor()) == colour_in_success


def test_systems_differ_by_marker_and_line_style_not_only_by_colour(runs: pd.DataFrame, mini_tasks: pd.DataFrame):
    lines = [
        line
        for line in plot_success_by_length(success_by_length(runs, mini_tasks)).axes[0].lines
        if line.get_label() in set(runs["system"])
    ]
    assert len(lines) == 2
    assert lines[0].get_marker() != lines[1].get_marker() and lines[0].get_linestyle() != lines[1].get_linestyle()
    scatter = plot_generated_vs_reference(length_pairs(runs, mini_tasks)).axes[0]
    shapes = [tuple(map(tuple, collection.get_paths()[0].vertices.round(3))) for collection in scatter.collections]
    assert len(shapes) == 2 and shapes[0] != shapes[1]


def test_outcome_bars_are_hatched_where_colours_alone_would_merge_in_grey():
    table = pd.DataFrame(
        {"success": [2], "task_completion_error": [1], "syntax_error": [1], "timeout": [1], "programs": [5]},
        index=["a system"],
    )
    axes = plot_outcomes(table).axes[0]
    patterns = {container.get_label(): container.patches[0].get_hatch() for container in axes.containers}
    assert patterns["success"] is None and patterns["task completion error"] is None
    assert patterns["syntax error"] and patterns["timeout"] and patterns["syntax error"] != patterns["timeout"]


def _points_under(axes, text) -> int:
    """How many scatter points of the axes lie under the text's box, as drawn."""
    import numpy as np

    axes.figure.draw_without_rendering()
    box = text.get_window_extent()
    points = np.concatenate([axes.transData.transform(c.get_offsets()) for c in axes.collections])
    inside = (points[:, 0] >= box.x0) & (points[:, 0] <= box.x1) & (points[:, 1] >= box.y0) & (points[:, 1] <= box.y1)
    return int(inside.sum())


@pytest.mark.parametrize("empty", ["lower right", "upper right", "lower left"])
def test_the_correlation_note_goes_to_the_corner_without_data(empty: str):
    import numpy as np

    rng = np.random.default_rng(1)
    words, primitives = rng.uniform(5, 45, 400), rng.uniform(2, 15, 400)
    right, top = words > 25, primitives > 8.5  # the empty quarter is as large as the note
    keep = ~{"lower right": right & ~top, "upper right": right & top, "lower left": ~right & ~top}[empty]
    tasks = pd.DataFrame({"query_words": words[keep].round(), "unique_primitives": primitives[keep].round()})
    axes = plot_query_length(tasks).axes[0]
    (note,) = [t for t in axes.texts if "Spearman" in t.get_text()]
    assert _points_under(axes, note) == 0


def test_the_correlation_note_of_the_task_set_covers_no_task(mini_tasks: pd.DataFrame):
    tasks = tasks_frame(load_tasks(Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"))
    for y in ("unique_primitives", "complexity"):
        axes = plot_query_length(tasks, y).axes[0]
        (note,) = [t for t in axes.texts if "Spearman" in t.get_text()]
        assert _points_under(axes, note) == 0, y


def test_success_by_length_ticks_give_each_systems_task_count_when_they_differ():
    # System b was run on fewer tasks: the first bin holds 4 of a's tasks but 1 of b's, so "n = 4"
    # under that bin was b's denominator wrong by four.
    binned = pd.DataFrame(
        {
            "system": ["a", "a", "b", "b"],
            "bin": ["5–9 lines", "10–19 lines"] * 2,
            "low": [5, 10] * 2,
            "high": [9, 19] * 2,
            "median length (lines)": [6.0, 12.0] * 2,
            "tasks": [4, 2, 1, 2],
            "success (%)": [50.0, 50.0, 100.0, 0.0],
            "CI low (%)": [15.0, 9.5, 20.7, 0.0],
            "CI high (%)": [85.0, 90.5, 100.0, 65.8],
        }
    )
    axes = plot_success_by_length(binned).axes[0]
    assert [t.get_text() for t in axes.get_xticklabels()] == ["5–9\nn = 1–4", "10–19\nn = 2"]
