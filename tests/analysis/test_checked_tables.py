"""Table 3's three success columns (all tasks, the checked verdict, the audited subset) and the per-file outcome table."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from aspera_core.records import AuditedSubset, Outcome
from aspera_workbench.analysis import outcome_table, runs_frame, success_table, success_table_display
from aspera_workbench.analysis.artefacts import Artefacts
from aspera_workbench.analysis.statistics import success_interval
from aspera_workbench.analysis.wilson import wilson_interval
from tests.analysis.support import result_row, write_results

IDS = ["1", "2", "3", "4", "5"]
#: (outcome, checked outcome) per task: two checked successes, a side effect, an over-inclusive answer, a failure.
VERDICTS = {
    "1": ("success", "success"),
    "2": ("success", "success"),
    "3": ("success", "side_effect"),
    "4": ("success", "over_inclusive"),
    "5": ("task_completion_error", "task_completion_error"),
}
SUBSET = AuditedSubset(task_set_digest="test", audited=("1", "2", "3", "4"), task_ids=("1", "3", "5"))


def checked_rows(model: str, known: bool = True, seed: int | None = None) -> list:
    return [
        result_row(
            task_id,
            outcome,
            agent="cck",
            model=model,
            setting="cck",
            seed=seed,
            checked_outcome=checked if known else None,
            checked_reasons=(f"{checked}: pair 1: ...",) if checked in ("side_effect", "over_inclusive") else (),
        )
        for task_id, (outcome, checked) in VERDICTS.items()
    ]


@pytest.fixture
def runs(tmp_path: Path) -> pd.DataFrame:
    checked = write_results(tmp_path / "checked.jsonl", checked_rows("model-a"))
    older = write_results(tmp_path / "older.jsonl", checked_rows("model-b", known=False))  # before the fields
    return runs_frame([checked, older])


def test_the_runs_frame_keeps_the_checked_verdict_and_leaves_unknown_ones_missing(runs: pd.DataFrame) -> None:
    a = runs[runs["model"] == "model-a"].set_index("task_id")
    assert list(a["checked_outcome"]) == [checked for _, checked in VERDICTS.values()]
    assert list(a["checked_success"]) == [True, True, False, False, False]
    assert a.loc["3", "checked_reasons"] == ("side_effect: pair 1: ...",)
    b = runs[runs["model"] == "model-b"]
    assert b["checked_success"].isna().all() and b["checked_outcome"].isna().all()


def test_table_three_shows_the_checked_success_with_its_wilson_interval(runs: pd.DataFrame) -> None:
    table = success_table(runs, paper=False)
    a, b = table.loc["model-a (CCK)"], table.loc["model-b (CCK)"]
    assert a["success (%)"] == pytest.approx(80.0)  # the paper's verdict, unchanged
    assert a["checked success (%)"] == pytest.approx(40.0) and a["checked unknown"] == 0
    low, high = wilson_interval(2, 5)
    assert (a["checked CI low (%)"], a["checked CI high (%)"]) == pytest.approx((100 * low, 100 * high))
    # An older file: every checked verdict unknown, so no checked rate at all.
    assert b["checked unknown"] == 5 and math.isnan(b["checked success (%)"]) and math.isnan(b["checked CI low (%)"])
    assert b["success (%)"] == pytest.approx(80.0)


def test_table_three_without_a_subset_leaves_its_columns_empty_and_says_so(runs: pd.DataFrame) -> None:
    table = success_table(runs, paper=False)
    assert table["subset success (%)"].isna().all() and table["subset tasks"].isna().all()
    assert set(table["audited subset"]) == {"not given"}
    shown = success_table_display(table)
    assert set(shown["audited subset success (%) [Wilson 95% CI]"]) == {""}
    assert "no audited subset was given" in shown.attrs["note"]
    assert shown.loc["model-a (CCK)", "checked success (%) [Wilson 95% CI]"] == "40.0 [11.8, 76.9]"
    assert shown.loc["model-b (CCK)", "checked success (%) [Wilson 95% CI]"] == "unknown for 5 of 5 programs"


def test_table_three_on_an_audited_subset(runs: pd.DataFrame) -> None:
    table = success_table(runs, paper=False, subset=SUBSET)
    a = table.loc["model-a (CCK)"]
    assert (a["subset tasks"], a["subset programs"], a["audited subset"]) == (3, 3, "3 of 4 audited tasks")
    # The evaluation program's verdict on tasks 1, 3 and 5: two successes of three.
    assert a["subset success (%)"] == pytest.approx(200 / 3)
    low, high = wilson_interval(2, 3)
    assert (a["subset CI low (%)"], a["subset CI high (%)"]) == pytest.approx((100 * low, 100 * high))
    shown = success_table_display(table)
    assert shown.loc["model-a (CCK)", "audited subset success (%) [Wilson 95% CI]"] == "66.7 [20.8, 93.9]"
    assert shown.loc["model-a (CCK)", "audited subset tasks"] == 3
    assert "3 of 4 audited tasks" in shown.attrs["note"]


def test_the_subset_interval_takes_the_tasks_as_sample_over_seeds(tmp_path: Path) -> None:
    rows = checked_rows("model-a", seed=0) + checked_rows("model-a", seed=1)
    rows = [
        row.model_copy(update={"outcome": Outcome.TASK_COMPLETION_ERROR})
        if (row.seed, row.task_id) == (1, "1")
        else row
        for row in rows
    ]
    table = success_table(runs_frame([write_results(tmp_path / "seeds.jsonl", rows)]), paper=False, subset=SUBSET)
    a = table.iloc[0]
    shares = [0.5, 1.0, 0.0]  # tasks 1, 3 and 5 over the two seeds
    low, high = success_interval(shares, [2, 2, 2])
    assert a["subset success (%)"] == pytest.approx(100 / 2) and a["subset programs"] == 6
    assert (a["subset CI low (%)"], a["subset CI high (%)"]) == pytest.approx((100 * low, 100 * high))


def test_the_markdown_file_carries_the_note_and_the_csv_every_column(runs: pd.DataFrame, tmp_path: Path) -> None:
    table = success_table(runs, paper=False, subset=SUBSET)
    saved = Artefacts(tmp_path).table("table3_success", table, display=success_table_display(table))
    markdown = saved.markdown.read_text()
    assert "checked success (%) [Wilson 95% CI]" in markdown.splitlines()[0]
    assert markdown.rstrip().splitlines()[-1].startswith("Checked success counts a program")
    assert "3 of 4 audited tasks" in markdown
    csv = pd.read_csv(saved.csv, index_col="system")
    assert {"checked success (%)", "checked unknown", "subset success (%)", "subset tasks"} <= set(csv.columns)
    assert "3 of 4 audited tasks" in saved._repr_html_()


def test_the_outcome_table_gives_the_checked_rate_beside_the_paper_s(runs: pd.DataFrame, tmp_path: Path) -> None:
    table = outcome_table(
        {
            "checked": checked_rows("model-a"),
            "older": checked_rows("model-b", known=False),
        }
    )
    assert table.loc["checked", "checked_success"] == 2 and table.loc["checked", "checked_unknown"] == 0
    assert table.loc["checked", "checked_rate"] == pytest.approx(0.4)
    low, high = wilson_interval(2, 5)
    assert (table.loc["checked", "checked_ci_low"], table.loc["checked", "checked_ci_high"]) == pytest.approx(
        (low, high)
    )
    assert table.loc["older", "checked_unknown"] == 5 and math.isnan(table.loc["older", "checked_rate"])
    assert table.loc["older", "success_rate"] == pytest.approx(0.8)


def test_the_success_figure_draws_the_checked_and_subset_success_and_says_where_it_is_unknown(
    runs: pd.DataFrame,
) -> None:
    from aspera_workbench.analysis import plot_task_success

    figure = plot_task_success(success_table(runs, paper=False, subset=SUBSET), runs)
    legend = [text.get_text().replace("\n", " ") for text in figure.legends[0].get_texts()]
    assert legend[0] == "mean, Wilson 95% CI, tasks as sample"
    assert "checked verdict (unknown: k of n programs have none)" in legend
    assert "audited subset (3 of 4 audited tasks)" in legend
    axes = figure.axes[0]
    assert [text.get_text() for text in axes.texts] == ["unknown: 5 of 5"]
    # model-a: its success on all tasks, its checked success and its subset success, each at its mean
    drawn = sorted(round(float(line.get_xdata()[0]), 1) for line in axes.lines if len(line.get_xdata()) == 1)
    assert drawn.count(40.0) == 1 and drawn.count(66.7) == 2 and drawn.count(80.0) == 2
    without = plot_task_success(success_table(runs, paper=False), runs)
    assert not any("audited subset" in text.get_text() for text in without.legends[0].get_texts())
