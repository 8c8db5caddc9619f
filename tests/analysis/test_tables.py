"""Table 3 and the tables behind the figures, on hand-made runs whose numbers are known."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from aspera_workbench.analysis.frames import runs_frame
from aspera_workbench.analysis.paper import canonical_model, paper_success
from aspera_workbench.analysis.result_tables import (
    benchmark_table,
    length_comparison,
    length_comparison_display,
    outcome_counts,
    selection_table,
    success_by_length,
    success_table,
    success_table_display,
)
from tests.analysis.support import model_run, result_row, write_results

S, F = "success", "task_completion_error"
TWO_LINES = "def solve():\n    return 1\n"
SIX_LINES = "def solve():\n    a = 1\n    b = 2\n    c = 3\n    # a comment\n    d = 4\n    return a + b + c + d\n"


@pytest.fixture
def runs(tmp_path: Path) -> pd.DataFrame:
    cck = model_run(
        tmp_path / "cck.jsonl",
        "o1-preview-2024-09-12",
        "cck",
        {0: {"1": S, "2": S, "3": F, "4": S}, 1: {"1": S, "2": F, "3": F, "4": "timeout"}},
        programs={"1": TWO_LINES, "2": SIX_LINES},
    )
    ps = model_run(
        tmp_path / "ps.jsonl",
        "o1-preview-2024-09-12",
        "ps",
        {0: {"1": S, "2": "syntax_error", "3": F, "4": "model_error"}},
        selection={"1": (1.0, 0.5, 2 / 3), "2": (0.5, 0.5, 0.5), "3": (0.0, 0.0, 0.0)},
    )
    other = model_run(tmp_path / "x.jsonl", "tiny-model", "cck", {0: {"1": F, "2": F, "3": F, "4": F}})
    builtin = write_results(tmp_path / "ref.jsonl", [result_row(i, S) for i in "1234"])  # no model, no setting
    return runs_frame([cck, ps, other, builtin])


def tasks() -> pd.DataFrame:
    return pd.DataFrame({"reference_code_lines": [5, 10, 20, 40]}, index=pd.Index(["1", "2", "3", "4"], name="task_id"))


def test_paper_figures_match_model_spellings():
    assert canonical_model("openai/GPT-4o-2024-08-06") == "gpt-4o"
    assert paper_success("o1-preview-2024-09-12", "cck") == 80.13
    assert paper_success("codegemma-7b-it", "CCK") == 2.40
    assert paper_success("gpt-4o-mini", "cck") is None and paper_success(None, "cck") is None


def test_table_three_gives_mean_and_sd_over_seeds_outcome_shares_and_the_paper_figure(runs: pd.DataFrame):
    table = success_table(runs)
    cck = table.loc["o1-preview-2024-09-12 (CCK)"]
    assert (cck["tasks"], cck["seeds"], cck["programs"]) == (4, 2, 8)
    assert cck["success (%)"] == pytest.approx(np.mean([75, 25]))
    assert cck["sd over seeds (%)"] == pytest.approx(np.std([75, 25], ddof=1))
    assert cck["timeout (% of programs)"] == pytest.approx(12.5)
    assert cck["task completion error (% of programs)"] == pytest.approx(37.5)
    assert cck["paper (%)"] == 80.13
    ps = table.loc["o1-preview-2024-09-12 (PS)"]
    assert (ps["programs"], ps["model errors"], ps["success (%)"], ps["paper (%)"]) == (
        3,
        1,
        pytest.approx(100 / 3),
        28.4,
    )
    assert np.isnan(ps["sd over seeds (%)"])
    assert np.isnan(table.loc["tiny-model (CCK)", "paper (%)"]) and np.isnan(table.loc["reference", "paper (%)"])
    shown = success_table_display(table)
    assert shown.loc["o1-preview-2024-09-12 (CCK)", "success (%, mean ± sd over seeds)"] == "50.0 ± 35.4"
    assert shown.loc["o1-preview-2024-09-12 (CCK)", "paper (%)"] == "80.13"
    assert shown.loc["tiny-model (CCK)", "paper (%)"] == ""
    assert "paper (%)" not in success_table(runs, paper=False)


def test_outcome_counts_keep_the_fixed_order(runs: pd.DataFrame):
    counts = outcome_counts(runs)
    assert list(counts.columns[:3]) == ["success", "task_completion_error", "handback_control"]
    assert counts.loc["o1-preview-2024-09-12 (PS)", "model_error"] == 1
    assert counts.loc["o1-preview-2024-09-12 (PS)", "programs"] == 3


def test_success_by_length_bins_tasks_by_reference_length(runs: pd.DataFrame):
    binned = success_by_length(runs, tasks(), bins=[0, 15, 50])
    cck = binned[binned["system"] == "o1-preview-2024-09-12 (CCK)"].set_index("bin")
    assert cck.loc["0–14 lines", "tasks"] == 2 and cck.loc["0–14 lines", "success (%)"] == pytest.approx(75)
    assert cck.loc["15–50 lines", "success (%)"] == pytest.approx(25)  # task 3: 0, task 4: 1/2


def test_length_comparison_uses_code_lines(runs: pd.DataFrame):
    table = length_comparison(runs, tasks())
    cck = table.loc["o1-preview-2024-09-12 (CCK)"]
    assert cck["programs"] == 8
    # generated code lines: task 1: 2, task 2: 6, tasks 3 and 4: 3 (the default program), two seeds each
    assert cck["generated lines (median)"] == 3
    assert cck["reference lines (median)"] == 15


def test_selection_table_reports_ps_scores_beside_ps_and_cck_success(runs: pd.DataFrame):
    table = selection_table(runs, success_table(runs))
    assert list(table.index) == ["o1-preview-2024-09-12 (PS)"]
    row = table.iloc[0]
    assert row["programs"] == 3
    assert row["precision (%)"] == pytest.approx(50) and row["recall (%)"] == pytest.approx(100 / 3)
    assert row["PS success (%)"] == pytest.approx(100 / 3) and row["CCK success (%)"] == pytest.approx(50)


def test_selection_table_is_empty_without_ps_rows(runs: pd.DataFrame):
    assert selection_table(runs[runs["setting"] == "cck"]).empty


def test_benchmark_table_correlates_per_model_success(runs: pd.DataFrame, tmp_path: Path):
    table = success_table(runs)
    scores = tmp_path / "scores.csv"
    scores.write_text("model,benchmark,score\no1-preview-2024-09-12,humaneval,90\ntiny-model,humaneval,10\n")
    result = benchmark_table(table, scores, samples=100)
    assert result.iloc[0]["models"] == 2  # too few for a correlation: left empty, not invented
    assert np.isnan(result.iloc[0]["spearman"])
    assert benchmark_table(table, None).empty
    with pytest.raises(FileNotFoundError):
        benchmark_table(table, tmp_path / "missing.csv")


def test_success_bands_use_the_projects_success_interval(runs: pd.DataFrame):
    from aspera_workbench.analysis.wilson import wilson_interval

    binned = success_by_length(runs, tasks(), bins=[0, 15, 50])
    reference = binned[binned["system"] == "reference"].set_index("bin")
    # the built-in agent solves both tasks of a bin: Wilson's interval for 2 of 2, not the point 100 %
    low, high = wilson_interval(2, 2)
    assert tuple(reference.iloc[0][["CI low (%)", "CI high (%)"]]) == pytest.approx((100 * low, 100 * high))
    table = success_table(runs)
    assert tuple(table.loc["reference", ["CI low (%)", "CI high (%)"]]) == pytest.approx(
        tuple(100 * v for v in wilson_interval(4, 4))
    )
    assert any("Wilson" in column for column in success_table_display(table).columns)


def test_table_3_display_shows_the_programs_denominator_and_no_empty_paper_column(runs: pd.DataFrame):
    shown = success_table_display(success_table(runs))
    assert "programs" in shown.columns
    assert shown.loc["o1-preview-2024-09-12 (CCK)", "programs"] == 8
    assert "paper (%)" in shown.columns  # the paper reports o1-preview
    no_paper = runs[runs["model"] != "o1-preview-2024-09-12"]
    assert "paper (%)" not in success_table_display(success_table(no_paper)).columns
    assert "paper (%)" not in success_table(no_paper).columns  # nor in the CSV


def test_outcome_counts_carry_shares_of_the_judged_programs(runs: pd.DataFrame):
    counts = outcome_counts(runs)
    ps = counts.loc["o1-preview-2024-09-12 (PS)"]
    # judged: success, syntax error, task completion error (the model error is not judged)
    assert ps["programs"] == 3
    assert ps["success (% of programs)"] == pytest.approx(100 / 3)
    assert ps["syntax error (% of programs)"] == pytest.approx(100 / 3)
    assert "model error (% of programs)" not in counts.columns  # model errors are not in the denominator
    assert counts.loc["reference", "success (% of programs)"] == 100.0


def test_length_comparison_has_a_rank_correlation_interval_and_fixed_decimals(runs: pd.DataFrame):
    from aspera_workbench.analysis.artefacts import markdown_table

    table = length_comparison(runs, tasks(), samples=200)
    cck = table.loc["o1-preview-2024-09-12 (CCK)"]
    assert cck["spearman CI low"] <= cck["spearman"] <= cck["spearman CI high"]
    assert table.attrs["decimals"]["ratio (median)"] == table.attrs["decimals"]["spearman"] == 2
    # the reference row: 3 generated lines against 5, 10, 20, 40 -> ratios 0.6, 0.3, 0.15, 0.075, median 0.225
    assert "| reference | 4 | 3.0 | 15.0 | 0.22 |" in markdown_table(table.loc[["reference"]], index=True)
    row = markdown_table(table.loc[["o1-preview-2024-09-12 (CCK)"]], index=True).splitlines()[2].split(" | ")
    assert all(len(cell.strip(" |").split(".")[1]) == 2 for cell in row[4:8])  # ratio, rho and its interval


def test_length_comparison_says_why_a_rank_correlation_is_missing_or_degenerate(runs: pd.DataFrame):
    from aspera_workbench.analysis.artefacts import markdown_table

    # the CCK run's programs have 2, 6, 3 and 3 lines: references of those lengths make every pair equal
    equal = pd.DataFrame({"reference_code_lines": [2, 6, 3, 3]}, index=pd.Index(["1", "2", "3", "4"], name="task_id"))
    table = length_comparison(runs, equal, samples=200)
    constant = table.loc["reference"]  # the built-in run's programs all have 3 lines
    assert np.isnan(constant["spearman"]) and np.isnan(constant["spearman CI low"])  # the CSV keeps NaN
    assert constant["spearman note"] == "generated length constant"
    same = table.loc["o1-preview-2024-09-12 (CCK)"]
    assert same["spearman"] == 1.0 and np.isnan(same["spearman CI low"]) and np.isnan(same["spearman CI high"])
    assert same["spearman note"] == "each as long as its reference"
    shown = length_comparison_display(table)
    column = "spearman ρ [bootstrap 95% CI, tasks as sample]"
    assert shown.loc["reference", column] == "n/a (generated length constant)"
    assert shown.loc["o1-preview-2024-09-12 (CCK)", column] == "1.00 (each as long as its reference)"
    varied = length_comparison_display(length_comparison(runs, tasks(), samples=200))
    assert re.fullmatch(r"-?\d\.\d\d \[-?\d\.\d\d, -?\d\.\d\d\]", varied.loc["o1-preview-2024-09-12 (CCK)", column])
    markdown = markdown_table(shown, index=True)
    assert "| reference | 4 | 3.0 | 3.0 | 1.00 | n/a (generated length constant) |" in markdown


def test_success_bins_have_inclusive_edges_and_the_median_length(runs: pd.DataFrame):
    binned = success_by_length(runs, tasks(), bins=[0, 15, 50])
    first = binned[binned["system"] == "reference"].iloc[0]
    last = binned[binned["system"] == "reference"].iloc[-1]
    assert (first["bin"], first["low"], first["high"]) == ("0–14 lines", 0, 14)
    assert (last["bin"], last["low"], last["high"]) == ("15–50 lines", 15, 50)
    assert "middle" not in binned.columns and first["median length (lines)"] == 7.5  # tasks of 5 and 10 lines


def test_table_three_success_is_the_estimate_its_interval_is_around_when_seeds_are_missing(tmp_path: Path):
    # Seed 0 stopped after 2 of 10 tasks (both solved); seed 1 judged all 10 and solved only task 1.
    # Per task (its seeds averaged): 1, 0.5 and eight 0s, mean 1.5 / 10 = 15 %. The mean of the per-seed
    # rates, (2/2 + 1/10) / 2 = 55 %, weighs two tasks as much as ten and lies outside the interval.
    ids = [str(i) for i in range(1, 11)]
    seeded = model_run(
        tmp_path / "m.jsonl", "m", "cck", {0: {"1": S, "2": S}, 1: {i: (S if i == "1" else F) for i in ids}}
    )
    frame = runs_frame([seeded])
    row = success_table(frame, paper=False).loc["m (CCK)"]
    assert (row["tasks"], row["seeds"], row["programs"]) == (10, 2, 12)
    assert row["success (%)"] == pytest.approx(15.0)
    assert row["CI low (%)"] <= row["success (%)"] <= row["CI high (%)"]
    assert row["sd over seeds (%)"] == pytest.approx(np.std([100, 10], ddof=1))
    assert row["success (% of programs)"] == pytest.approx(100 * 3 / 12)


def test_the_length_table_names_a_coverage_that_is_not_whole_exactly(runs: pd.DataFrame):
    shown = length_comparison_display(length_comparison(runs, tasks(), confidence=0.975, samples=50))
    assert "spearman ρ [bootstrap 97.5% CI, tasks as sample]" in shown.columns


def test_selection_table_says_how_many_programs_selected_nothing(runs: pd.DataFrame):
    # A selection of nothing scores 0 on all three, as in the paper; the table showed "precision 0.0"
    # over such programs without saying that nothing was selected.
    frame = runs.copy()
    first = frame.index[(frame["setting"] == "ps") & frame["selection_f1"].notna()][0]
    frame.at[first, "selected"] = ()
    frame.loc[first, ["selection_precision", "selection_recall", "selection_f1"]] = 0.0
    row = selection_table(frame, success_table(frame)).iloc[0]
    assert (row["programs"], row["selected nothing"]) == (3, 1)
    before = selection_table(runs, success_table(runs)).iloc[0]
    assert row["precision (%)"] == pytest.approx(
        (3 * before["precision (%)"] - 100 * runs.at[first, "selection_precision"]) / 3
    )
    assert before["selected nothing"] == 0


def test_systems_judged_on_different_task_selections_are_flagged_in_the_table_and_warned_of(tmp_path: Path) -> None:
    # A results file of 2 tasks beside systems of 4 tasks: their rates are not comparable as they stand.
    full = write_results(tmp_path / "ref.jsonl", [result_row(i, S) for i in "1234"])
    part = model_run(tmp_path / "few.jsonl", "gpt-4o-mini", "cck", {0: {"1": S, "2": F}})
    frame = runs_frame([full, part])
    with pytest.warns(UserWarning, match=r"different task selections.*A \(4 tasks\).*B \(2 tasks\).*2 in common"):
        table = success_table(frame, paper=False)
    assert list(table["task selection"]) == ["A (4 tasks)", "B (2 tasks)"]
    assert list(success_table_display(table)["task selection"]) == ["A (4 tasks)", "B (2 tasks)"]
    with pytest.warns(UserWarning, match="different task selections"):
        assert list(outcome_counts(frame)["task selection"]) == ["A (4 tasks)", "B (2 tasks)"]


def test_systems_on_the_same_tasks_get_no_selection_column(runs: pd.DataFrame) -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "task selection" not in success_table(runs, paper=False)
