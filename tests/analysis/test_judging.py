"""The judge against the evaluation programs: frames, confusion counts, hand-computed agreement scores."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from aspera_workbench.analysis.judging import (
    agreement_scores,
    judge_agreement,
    judge_confusion,
    judge_disagreements,
    judgements_frame,
)
from aspera_workbench.judge import JudgementsWriter
from tests.judge.support import JUDGED, SETUP, judgement

S, F = "success", "task_completion_error"


def write(path: Path, rows: list, judged=JUDGED, setup=SETUP) -> Path:  # noqa: ANN001 - test helper
    with JudgementsWriter(path, setup, judged) as writer:
        for row in rows:
            writer.write(row)
    return path


@pytest.fixture
def judged(tmp_path: Path) -> Path:
    """Ten programs: 4 accepted (judge: 3 correct, 1 incorrect), 5 rejected (2 correct, 3 incorrect), 1 not judged."""
    rows = [
        judgement("1", "correct", S),
        judgement("2", "correct", S),
        judgement("3", "correct", S),
        judgement("4", "incorrect", S),
        judgement("5", "correct", F),
        judgement("6", "correct", "execution_error"),
        judgement("7", "incorrect", F),
        judgement("8", "incorrect", F),
        judgement("9", "incorrect", "timeout"),
        judgement("10", "not_judged", F, error="server error"),
    ]
    return write(tmp_path / "judged.jsonl", rows)


def test_the_frame_has_one_row_per_program_named_by_judge_and_system(judged: Path, tmp_path: Path) -> None:
    frame = judgements_frame([judged])
    assert len(frame) == 10 and set(frame["judge"]) == {"judge-model"} and set(frame["system"]) == {"gpt-x (CCK)"}
    assert frame["accepted"].sum() == 4 and frame["judged"].sum() == 9
    assert frame.loc[frame["task_id"] == "4", "agree"].item() is False
    assert math.isnan(frame.loc[frame["task_id"] == "10", "agree"].item())
    # A later answer for a failed request replaces it; labels name the judge.
    write(judged.parent / "more.jsonl", [judgement("1", "not_judged", S, error="x"), judgement("1", "correct", S)])
    labelled = judgements_frame({"my judge": judged.parent / "more.jsonl"})
    assert list(labelled["judge"]) == ["my judge"] and list(labelled["verdict"]) == ["correct"]
    assert judgements_frame([]).empty and list(judgements_frame([]).columns)[:2] == ["judge", "system"]


def test_confusion_counts_each_verdict_against_the_evaluation(judged: Path) -> None:
    table = judge_confusion(judgements_frame([judged])).set_index("evaluation")
    assert table.loc["accepted", ["judge: correct", "judge: incorrect", "judge: not judged", "programs"]].tolist() == [
        3,
        1,
        0,
        4,
    ]
    assert table.loc["rejected", ["judge: correct", "judge: incorrect", "judge: not judged", "programs"]].tolist() == [
        2,
        3,
        1,
        6,
    ]


def test_agreement_scores_are_the_hand_computed_ones(judged: Path) -> None:
    # tp 3, fn 1, fp 2, tn 3 over 9 programs with a verdict.
    # accuracy 6/9; precision 3/5; recall 3/4; F1 = 2 * 0.6 * 0.75 / 1.35 = 2/3
    # kappa: p_o = 6/9; judge correct 5/9, accepted 4/9: p_e = 5/9 * 4/9 + 4/9 * 5/9 = 40/81
    #        kappa = (6/9 - 40/81) / (1 - 40/81) = (54 - 40) / (81 - 40) = 14/41
    row = judge_agreement(judgements_frame([judged]), samples=300).iloc[0]
    assert (row["programs"], row["not judged"], row["compared"], row["tasks"]) == (10, 1, 9, 9)
    assert (row["tp"], row["fp"], row["fn"], row["tn"]) == (3, 2, 1, 3)
    assert row["accuracy (%)"] == pytest.approx(100 * 6 / 9)
    assert row["precision (%)"] == pytest.approx(60) and row["recall (%)"] == pytest.approx(75)
    assert row["F1 (%)"] == pytest.approx(100 * 2 / 3)
    assert row["kappa"] == pytest.approx(14 / 41)
    assert row["kappa CI low"] < 14 / 41 < row["kappa CI high"]
    assert row["accuracy CI low (%)"] < 100 * 6 / 9 < row["accuracy CI high (%)"]
    assert row["evaluation accepted (%)"] == pytest.approx(100 * 4 / 9)
    assert row["judge correct (%)"] == pytest.approx(100 * 5 / 9)
    assert math.isnan(row["cost (USD)"])  # the failed request's cost is unknown


def test_degenerate_cases_give_nan_not_errors() -> None:
    everything_accepted = agreement_scores([True, True], [True, False])
    assert everything_accepted["kappa"] == 0.0 and math.isnan(agreement_scores([False], [False])["precision"])
    nothing = agreement_scores([], [])
    assert nothing["n"] == 0 and all(
        math.isnan(nothing[key]) for key in ("accuracy", "precision", "recall", "f1", "kappa")
    )
    assert agreement_scores([True, False], [False, True])["f1"] == 0.0  # precision and recall both 0
    with pytest.raises(ValueError, match="evaluation verdicts"):
        agreement_scores([True], [True, False])
    assert judge_agreement(judgements_frame([])).empty


def test_agreement_is_per_judge_and_system_and_costs_add_up(tmp_path: Path) -> None:
    ps = JUDGED.model_copy(update={"setting": "ps"})
    first = write(tmp_path / "a.jsonl", [judgement("1", "correct", S), judgement("2", "incorrect", F)])
    second = write(
        tmp_path / "b.jsonl",
        [judgement("1", "correct", S, setting="ps"), judgement("2", "correct", F, setting="ps")],
        judged=ps,
    )
    table = judge_agreement(judgements_frame([first, second]), samples=100)
    assert list(table["system"]) == ["gpt-x (CCK)", "gpt-x (PS)"]
    assert list(table["accuracy (%)"]) == [100.0, 50.0] and list(table["kappa"]) == [1.0, 0.0]
    assert table["cost (USD)"].tolist() == [pytest.approx(0.002)] * 2


def test_disagreements_list_accepted_programs_called_incorrect_first(judged: Path) -> None:
    table = judge_disagreements(judgements_frame([judged]))
    assert list(table["task_id"]) == ["4", "5", "6"]
    assert list(table["verdict"]) == ["incorrect", "correct", "correct"]
    assert table.loc[0, "explanation"] == "because of 4"
    assert len(judge_disagreements(judgements_frame([judged]), limit=1)) == 1
    assert isinstance(judge_disagreements(judgements_frame([])), pd.DataFrame)
