"""Exploring against CCK and PS, from hand-made results files: the gap closed, where the explorer fails, its episodes."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from aspera_workbench.analysis import runs_frame
from aspera_workbench.analysis.exploration import (
    episode_summary,
    exploration_success,
    explore_failures,
    explore_triples,
    gap_closed,
    gap_share,
)
from aspera_workbench.analysis.taxonomy import CATEGORIES, error_category
from tests.analysis.support import explore_run, model_run

S, F, E = "success", "task_completion_error", "execution_error"


@pytest.fixture
def runs(tmp_path: Path) -> pd.DataFrame:
    # Per-task success shares over seeds 0 and 1: CCK (1, 1, 1, 0), PS (1, 0, 0, 0), explore (1, 1, 0.5, 0).
    cck = model_run(tmp_path / "cck.jsonl", "m1", "cck", {s: {"1": S, "2": S, "3": S, "4": F} for s in (0, 1)})
    ps = model_run(tmp_path / "ps.jsonl", "m1", "ps", {s: {"1": S, "2": F, "3": F, "4": F} for s in (0, 1)})
    explore = explore_run(
        tmp_path / "explore.jsonl", "m1", {0: {"1": S, "2": S, "3": S, "4": E}, 1: {"1": S, "2": S, "3": F, "4": E}}
    )
    # A second model whose CCK and PS runs tie: there is no gap to close.
    tie = {0: {"1": S, "2": F}}
    others = [
        model_run(tmp_path / "m2-cck.jsonl", "m2", "cck", tie),
        model_run(tmp_path / "m2-ps.jsonl", "m2", "ps", tie),
        explore_run(tmp_path / "m2-explore.jsonl", "m2", {0: {"1": S, "2": S}}),
        model_run(tmp_path / "m3-cck.jsonl", "m3", "cck", tie),  # no PS or explore run: left out
    ]
    return runs_frame([cck, ps, explore, *others])


def test_one_triple_per_model_run_in_all_three_settings(runs: pd.DataFrame) -> None:
    assert explore_triples(runs) == [
        ("m1", "m1 (CCK)", "m1 (PS)", "m1 (explore)"),
        ("m2", "m2 (CCK)", "m2 (PS)", "m2 (explore)"),
    ]


def test_the_gap_closed_with_its_paired_interval(runs: pd.DataFrame) -> None:
    table = gap_closed(runs, samples=1000, seed=3).set_index("model")
    m1 = table.loc["m1"]
    assert m1["tasks"] == 4
    assert (m1["cck success (%)"], m1["ps success (%)"], m1["explore success (%)"]) == (75.0, 25.0, 62.5)
    assert m1["gap closed"] == pytest.approx((0.625 - 0.25) / (0.75 - 0.25)) == pytest.approx(0.75)
    assert m1["CI low"] <= 0.75 <= m1["CI high"] and m1["CI low"] < m1["CI high"]
    # Resamples drawing only tasks 1 and 4 (where CCK and PS agree) have no gap; they are counted, not used.
    assert 0 < m1["resamples without a gap"] < 200 and "resamples had no gap" in m1["note"]
    assert table.attrs["confidence"] == 0.95
    again = gap_closed(runs, samples=1000, seed=3).set_index("model")
    assert again.loc["m1", "CI low"] == m1["CI low"]


def test_success_per_setting_with_intervals(runs: pd.DataFrame) -> None:
    table = exploration_success(runs)
    assert list(table.index) == ["m1 (CCK)", "m1 (PS)", "m1 (explore)", "m2 (CCK)", "m2 (PS)", "m2 (explore)"]
    assert table.loc["m1 (explore)", "success_rate"] == 5 / 8 and table.loc["m1 (explore)", "programs"] == 8
    assert (table["ci_low"] <= table["success_rate"]).all() and (table["success_rate"] <= table["ci_high"]).all()


def test_the_gap_is_undefined_when_cck_and_ps_tie(runs: pd.DataFrame) -> None:
    m2 = gap_closed(runs, samples=200).set_index("model").loc["m2"]
    assert math.isnan(m2["gap closed"]) and math.isnan(m2["CI low"]) and math.isnan(m2["CI high"])
    assert m2["note"].startswith("undefined: CCK and PS both succeed on 50.0% of the tasks")
    assert math.isnan(gap_share(0.4, 0.4, 0.9))
    assert gap_share(0.8, 0.2, 0.2) == 0 and gap_share(0.8, 0.2, 0.8) == 1 and gap_share(0.8, 0.2, 0.0) < 0


def test_where_the_explorer_still_fails_by_category(runs: pd.DataFrame) -> None:
    table = explore_failures(runs)
    m1 = table[table["model"] == "m1"].set_index("category")
    wrong_answer, unknown_name = error_category(F), error_category(E, "program", "NameError")
    assert list(m1.index) == sorted([wrong_answer, unknown_name], key=list(CATEGORIES).index)
    assert (m1["explore verdicts"] == 8).all() and m1["failures"].sum() == 3
    assert m1.loc[unknown_name, "failures"] == 2 and m1.loc[unknown_name, "failures (%)"] == 25.0
    # Task 3 seed 1: CCK solved it, PS did not; task 4: neither did.
    assert tuple(m1.loc[wrong_answer, ["paired with cck", "cck succeeded", "paired with ps", "ps succeeded"]]) == (
        1,
        1,
        1,
        0,
    )
    assert tuple(m1.loc[unknown_name, ["cck succeeded", "ps succeeded"]]) == (0, 0)
    assert table[table["model"] == "m2"].empty  # m2's explorer failed nowhere


def test_how_the_episodes_ended(runs: pd.DataFrame) -> None:
    table = episode_summary(runs)
    m1 = table[table["system"] == "m1 (explore)"].set_index("ended")
    assert (m1["episodes"] == 8).all() and m1["count"].to_dict() == {"submitted": 5, "turn_budget": 3}
    assert m1.loc["turn_budget", "mean turns"] == 6 and m1.loc["submitted", "share (%)"] == 62.5


def test_no_triple_gives_empty_tables(tmp_path: Path) -> None:
    only = runs_frame([model_run(tmp_path / "cck.jsonl", "m", "cck", {0: {"1": S}})])
    assert gap_closed(only).empty and list(gap_closed(only).columns)[:2] == ["model", "cck system"]
    assert explore_failures(only).empty and episode_summary(only).empty and exploration_success(only).empty


def test_explore_failures_pair_every_seed_when_the_runs_share_none(tmp_path: Path) -> None:
    # CCK and PS judged under seed 7 only; the explorer under seeds 0 and 1
    cck = model_run(tmp_path / "cck.jsonl", "m1", "cck", {7: {"1": S, "2": S, "3": S, "4": F}})
    ps = model_run(tmp_path / "ps.jsonl", "m1", "ps", {7: {"1": S, "2": F, "3": F, "4": F}})
    explore = explore_run(
        tmp_path / "explore.jsonl", "m1", {0: {"1": S, "2": F, "3": S, "4": E}, 1: {"1": S, "2": F, "3": F, "4": E}}
    )
    table = explore_failures(runs_frame([cck, ps, explore])).set_index("category")
    wrong_answer = error_category(F)
    # wrong answers on task 2 (seeds 0 and 1) and task 3 (seed 1), each paired with CCK's and PS's seed 7
    row = table.loc[wrong_answer]
    assert (row["failures"], row["paired with cck"], row["cck succeeded"]) == (3, 3, 3)
    assert (row["paired with ps"], row["ps succeeded"]) == (3, 0)
    assert (row["explore seeds"], row["cck seeds"], row["ps seeds"]) == ("0, 1", "7", "7")
    assert row["cck paired on"] == row["ps paired on"] == "task (every seed of each)"


def test_explore_failures_say_they_paired_within_seed(runs: pd.DataFrame) -> None:
    m1 = explore_failures(runs).set_index("model").loc["m1"]
    assert (m1["cck paired on"] == "task and seed").all() and (m1["cck seeds"] == "0, 1").all()
