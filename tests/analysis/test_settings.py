"""Library against control, from hand-made results files: paired success, intervals and where the difference comes from."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from aspera_workbench.analysis import Artefacts, NoData, plot_setting_comparison, runs_frame
from aspera_workbench.analysis.settings import setting_comparison, setting_error_sources, setting_pairs
from aspera_workbench.analysis.statistics import mcnemar_test
from tests.analysis.support import model_run

S, F, E = "success", "task_completion_error", "execution_error"
CONTROL_WORLD = ("evaluation", "aspera_workbench.control.surface.ControlWorldError")
VERSION = "1+0123456789"


def library_run(folder: Path, model: str = "m1", **options: object) -> Path:
    # seed 0: tasks 1, 2, 3 and 6 succeed; 4 gives the wrong answer, 5 uses a name that does not exist
    return model_run(
        folder / f"{model}-cck.jsonl",
        model,
        "cck",
        {
            0: {"1": S, "2": S, "3": S, "4": F, "5": E, "6": S},
            1: {"1": S, "2": S, "3": F, "4": F, "5": E, "6": S},
        },
        errors={"5": ("program", "NameError")},
        agent="cck",
        template_version=VERSION,
        **options,  # type: ignore[arg-type]
    )


def control_run(folder: Path, model: str = "m1", version: str = VERSION) -> Path:
    # seed 0 only: everything succeeds but task 2, whose program leaves a malformed world
    return model_run(
        folder / f"{model}-control.jsonl",
        model,
        "control",
        {0: {"1": S, "2": E, "3": S, "4": S, "5": S, "6": S}},
        errors={"2": CONTROL_WORLD},
        agent="cck",
        template_version=version,
    )


@pytest.fixture
def runs(tmp_path: Path) -> pd.DataFrame:
    only_library = model_run(tmp_path / "m2.jsonl", "m2", "cck", {0: {"1": S, "2": F}}, agent="cck")
    return runs_frame([library_run(tmp_path), only_library, control_run(tmp_path)])


def test_each_model_run_in_both_settings_is_paired_with_itself(runs: pd.DataFrame) -> None:
    assert setting_pairs(runs) == [("m1", "m1 (CCK)", "m1 (control)")]


def test_the_comparison_pairs_shared_seeds_and_tests_the_discordant_tasks(runs: pd.DataFrame) -> None:
    table = setting_comparison(runs)
    assert len(table) == 1
    row = table.iloc[0]
    # only seed 0 is in both runs: six paired verdicts
    assert (row["paired verdicts"], row["tasks"]) == (6, 6)
    assert row["library success (%)"] == pytest.approx(100 * 4 / 6)
    assert row["control success (%)"] == pytest.approx(100 * 5 / 6)
    assert row["library - control (%)"] == pytest.approx(-100 / 6)
    assert row["CI low (%)"] <= row["library - control (%)"] <= row["CI high (%)"] and row["CI high (%)"] > 0
    assert (row["only library succeeded"], row["only control succeeded"]) == (1, 2)
    assert (
        row["test"] == "McNemar exact"
        and row["p"] == pytest.approx(mcnemar_test(1, 2))
        and bool(row["same prompt set"])
    )
    assert table.attrs["confidence"] == 0.95


def test_the_error_sources_add_up_to_the_comparison(runs: pd.DataFrame) -> None:
    sources = setting_error_sources(runs).set_index("category")
    assert list(sources.index) == ["wrong effect or answer", "unknown name or attribute", "malformed control world"]
    assert sources["library"].to_dict() == {
        "wrong effect or answer": 1,
        "unknown name or attribute": 1,
        "malformed control world": 0,
    }
    assert sources.loc["malformed control world", ["control", "lost in control"]].tolist() == [1, 1]
    assert sources.loc["wrong effect or answer", ["won in control", "control - library"]].tolist() == [1, -1]
    assert (sources["paired verdicts"] == 6).all()
    assert sources.loc["malformed control world", "control (%)"] == pytest.approx(100 / 6)
    comparison = setting_comparison(runs).iloc[0]
    assert sources["lost in control"].sum() == comparison["only library succeeded"]
    assert sources["won in control"].sum() == comparison["only control succeeded"]
    paired = comparison["paired verdicts"]
    assert sources["library"].sum() == pytest.approx(paired * (1 - comparison["library success (%)"] / 100))
    assert sources["control"].sum() == pytest.approx(paired * (1 - comparison["control success (%)"] / 100))


def test_human_labels_replace_the_categories(runs: pd.DataFrame, tmp_path: Path) -> None:
    labels = tmp_path / "labels.csv"
    labels.write_text("task_id,label,system\n2,date arithmetic,m1 (control)\n")
    sources = setting_error_sources(runs, labels=labels).set_index("category")
    assert "malformed control world" not in sources.index
    assert sources.loc["date arithmetic", ["control", "lost in control"]].tolist() == [1, 1]


def test_runs_of_different_prompt_sets_are_flagged(tmp_path: Path) -> None:
    frame = runs_frame([library_run(tmp_path), control_run(tmp_path, version="1+ffffffffff")])
    assert not bool(setting_comparison(frame).iloc[0]["same prompt set"])


def test_nothing_to_compare_gives_empty_tables_a_note_and_no_figure(tmp_path: Path) -> None:
    frame = runs_frame([library_run(tmp_path)])
    comparison, sources = setting_comparison(frame), setting_error_sources(frame)
    assert comparison.empty and sources.empty and "p" in comparison.columns
    with pytest.raises(NoData, match="both"):
        plot_setting_comparison(comparison, sources)
    out = Artefacts(tmp_path / "figures")
    assert "empty" in out.table("library_vs_control", comparison).reason  # type: ignore[union-attr]
    assert not (tmp_path / "figures").exists()


def test_the_figure_shows_the_paired_difference_and_the_failures_per_setting(tmp_path: Path) -> None:
    frame = runs_frame(
        [library_run(tmp_path), control_run(tmp_path), library_run(tmp_path, "m3"), control_run(tmp_path, "m3")]
    )
    comparison = setting_comparison(frame)
    figure = plot_setting_comparison(comparison, setting_error_sources(frame))
    left, right = figure.axes
    assert "percentage points" in left.get_xlabel() and "95%" in left.get_title()
    assert [tick.get_text() for tick in left.get_yticklabels()] == ["m1\n(n = 6 tasks)", "m3\n(n = 6 tasks)"]
    assert [tick.get_text() for tick in right.get_yticklabels()] == ["library", "control"] * 2
    assert "% of paired verdicts" in right.get_xlabel()
    # each model's bars are as long as its failure rate in each setting
    widths = {}
    for patch in right.patches:
        y = round(patch.get_y() + patch.get_height() / 2, 2)
        widths[y] = widths.get(y, 0.0) + patch.get_width()
    assert widths[-0.2] == pytest.approx(100 * 2 / 6) and widths[0.2] == pytest.approx(100 / 6)
    legend = [text.get_text() for text in figure.legends[0].get_texts()]
    assert legend == ["wrong effect or answer", "unknown name or attribute", "malformed control world"]


def test_without_a_shared_seed_the_error_sources_use_every_seed_of_both_runs(tmp_path: Path) -> None:
    other_seed = model_run(
        tmp_path / "m1-control.jsonl",
        "m1",
        "control",
        {5: {"1": S, "2": E, "3": S, "4": S, "5": S, "6": S}},
        errors={"2": CONTROL_WORLD},
        agent="cck",
        template_version=VERSION,
    )
    runs = runs_frame([library_run(tmp_path), other_seed])
    sources = setting_error_sources(runs).set_index("category")
    # library seeds 0 and 1 each paired with control seed 5 on every task: 12 verdict pairs
    assert (sources["paired verdicts"] == 12).all()
    assert sources[["library seeds", "control seeds"]].drop_duplicates().values.tolist() == [["0, 1", "5"]]
    assert (sources["paired on"] == "task (every seed of each)").all()
    # wrong answers: task 4 under seeds 0 and 1 and task 3 under seed 1 (seed 0 alone would give 1)
    assert sources.loc["wrong effect or answer", ["library", "won in control"]].tolist() == [3, 3]
    assert sources.loc["unknown name or attribute", "library"] == 2
    assert sources.loc["malformed control world", ["control", "lost in control"]].tolist() == [2, 2]
    comparison = setting_comparison(runs).iloc[0]
    assert (comparison["library seeds"], comparison["control seeds"]) == ("0, 1", "5")
    assert comparison["paired on"] == "task (means over seeds)"


def test_with_a_shared_seed_the_tables_say_they_paired_within_it(runs: pd.DataFrame) -> None:
    sources = setting_error_sources(runs)
    assert (sources["paired on"] == "task and seed").all() and (sources["library seeds"] == "0").all()
    comparison = setting_comparison(runs).iloc[0]
    assert (comparison["library seeds"], comparison["control seeds"], comparison["paired on"]) == (
        "0",
        "0",
        "task and seed",
    )
