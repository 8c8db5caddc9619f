"""Agreement between annotators (Cohen's or Fleiss' kappa) and between annotators and the evaluation programs."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from aspera_workbench.analysis.agreement import annotator_agreement, verdict_agreement
from aspera_workbench.analysis.annotation import AnnotationFile, Label

A, B = "model-a (CCK)", "model-b (CCK)"


def write(folder: Path, annotator: str, task_id: str, verdict: str, category: str, **fields) -> None:
    values = {"system": A, "seed": 0, "outcome": "task_completion_error", **fields}
    AnnotationFile(folder, annotator).append(
        Label(annotator=annotator, task_id=task_id, verdict=verdict, category=category, **values)
    )


@pytest.fixture
def two(tmp_path: Path) -> Path:
    # Verdicts: ann c c w u, bea c w w u -> P_o = 3/4; shares ann (1/2, 1/4, 1/4), bea (1/4, 1/2, 1/4)
    # -> P_e = 1/8 + 1/8 + 1/16 = 5/16; kappa = (3/4 - 5/16) / (11/16) = 7/11.
    # Categories: the same on every row -> kappa undefined.
    for task_id, first, second, outcome in [
        ("1", "correct", "correct", "success"),
        ("2", "correct", "wrong", "success"),
        ("3", "wrong", "wrong", "task_completion_error"),
        ("4", "unsure", "unsure", "task_completion_error"),
    ]:
        write(tmp_path, "ann", task_id, first, "timeout", outcome=outcome)
        write(tmp_path, "bea", task_id, second, "timeout", outcome=outcome)
    write(tmp_path, "ann", "9", "correct", "timeout", system=B)  # labelled by one person only
    return tmp_path


def test_two_annotators_get_cohens_kappa_on_rows_both_labelled(two: Path) -> None:
    table = annotator_agreement(two, samples=300).set_index("question")
    verdict = table.loc["verdict"]
    assert verdict["statistic"] == "Cohen's kappa" and verdict["annotators"] == 2 and verdict["rows"] == 4
    assert verdict["kappa"] == pytest.approx(7 / 11)
    assert verdict["observed agreement (%)"] == pytest.approx(75.0)
    assert verdict["CI low"] <= 7 / 11 <= verdict["CI high"]
    category = table.loc["category"]
    assert category["observed agreement (%)"] == pytest.approx(100.0)
    assert math.isnan(category["kappa"])  # one category only: kappa is undefined, not 1


def test_a_label_given_again_replaces_the_earlier_one(two: Path) -> None:
    write(two, "bea", "2", "correct", "timeout", outcome="success")  # bea changes her mind: every verdict now agrees
    verdict = annotator_agreement(two, samples=50).set_index("question").loc["verdict"]
    # c c w u against c c w u: perfect agreement.
    assert verdict["kappa"] == pytest.approx(1.0)


def test_three_annotators_get_fleiss_kappa(two: Path) -> None:
    for task_id, verdict in [("1", "correct"), ("2", "wrong"), ("3", "wrong")]:
        write(two, "cy", task_id, verdict, "timeout")
    table = annotator_agreement(two, questions=["verdict"], samples=100)
    row = table.iloc[0]
    assert row["statistic"] == "Fleiss' kappa" and row["annotators"] == 3 and row["rows"] == 4
    # Items: (c,c,c) (c,w,w) (w,w,w) (u,u): P_i 1, 1/3, 1, 1 -> P = 5/6; labels c 4, w 5, u 2 of 11
    # -> P_e = (16 + 25 + 4) / 121 = 45/121; kappa = (5/6 - 45/121) / (76/121) = 335/456.
    assert row["kappa"] == pytest.approx(335 / 456)


def test_fewer_than_two_annotators_give_no_agreement(tmp_path: Path) -> None:
    assert annotator_agreement(None).empty
    write(tmp_path, "ann", "1", "correct", "timeout")
    assert annotator_agreement(tmp_path).empty
    with pytest.raises(ValueError, match="unknown question"):
        write(tmp_path, "bea", "1", "correct", "timeout")
        annotator_agreement(tmp_path, questions=["colour"])


def test_how_often_people_judge_the_verdict_wrong_per_system(two: Path) -> None:
    table = verdict_agreement(two).set_index("system")
    a = table.loc[A]
    # 8 labels: correct 3, wrong 3, unsure 2 -> 3 of 6 judged wrong.
    assert (a["labels"], a["correct"], a["wrong"], a["unsure"]) == (8, 3, 3, 2)
    assert a["judged wrong (%)"] == pytest.approx(50.0)
    assert a["CI low (%)"] <= 50 <= a["CI high (%)"]
    assert (a["accepted, judged wrong"], a["rejected, judged wrong"]) == (1, 2)
    b = table.loc[B]
    assert (b["labels"], b["wrong"], b["judged wrong (%)"]) == (1, 0, 0.0)
    assert table.loc["all", "labels"] == 9 and table.loc["all", "judged wrong (%)"] == pytest.approx(3 / 7 * 100)
    assert verdict_agreement(None).empty


def test_only_unsure_labels_leave_the_rate_undefined(tmp_path: Path) -> None:
    write(tmp_path, "ann", "1", "unsure", "timeout")
    row = verdict_agreement(tmp_path).iloc[0]
    assert row["unsure"] == 1 and math.isnan(row["judged wrong (%)"]) and math.isnan(row["CI low (%)"])


def test_no_verdict_judged_wrong_still_has_an_interval_above_zero(tmp_path: Path) -> None:
    # A percentile bootstrap gave [0.0, 0.0] % for 0 of 20 verdicts judged wrong (and for 0 of 1): no
    # resample can hold a wrong verdict, so the table claimed certainty that 20 labels cannot give.
    # The rate is a proportion of labels clustered by task, so it gets the project's Wilson interval:
    # with one label per task, Wilson's interval of 0 out of 20.
    from aspera_workbench.analysis.wilson import wilson_bounds

    for task in range(20):
        write(tmp_path, "ann", str(1000 + task), "correct", "timeout")
    row = verdict_agreement(tmp_path).iloc[0]
    assert (row["labels"], row["wrong"], row["judged wrong (%)"]) == (20, 0, 0.0)
    low, high = wilson_bounds(0.0, 20)
    assert (row["CI low (%)"], row["CI high (%)"]) == pytest.approx((100 * low, 100 * high))
    assert row["CI high (%)"] > 15  # Wilson: 16.1 %
    write(tmp_path, "bea", "1000", "wrong", "timeout")  # a second label on a task counts, clustered
    row = verdict_agreement(tmp_path).iloc[0]
    assert row["judged wrong (%)"] == pytest.approx(100 / 21)
    assert row["CI low (%)"] < 100 / 21 < row["CI high (%)"]
