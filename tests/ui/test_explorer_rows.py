"""The explorer's rows and filters as plain functions of a runs frame."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from aspera_workbench.analysis import runs_frame
from aspera_workbench.ui.explorer_rows import RowFilter, explorer_frame, filter_options, filter_rows, row_title
from tests.analysis.support import model_run, result_row, write_results
from tests.ui.support import explorer_tasks

S, F, X = "success", "task_completion_error", "execution_error"


@pytest.fixture
def frame(tmp_path: Path) -> pd.DataFrame:
    model = model_run(
        tmp_path / "a.jsonl",
        "model-a",
        "cck",
        {0: {"1018": S, "1029": F}, 1: {"1018": X, "1029": S}},
        errors={"1018": ("program", "NameError")},
    )
    reference = write_results(tmp_path / "ref.jsonl", [result_row("1018", S), result_row("9999", S)])
    runs = runs_frame([model, reference])
    runs["tags"] = [("action", "delete") if t == "1018" else ("action",) for t in runs["task_id"]]
    return explorer_frame(runs, explorer_tasks())


def ids(rows: pd.DataFrame) -> list[tuple[str, str, str]]:
    return list(zip(rows["model_name"], rows["task_id"], rows["seed_name"]))


def test_each_filter_narrows_the_rows(frame: pd.DataFrame) -> None:
    assert len(filter_rows(frame, RowFilter())) == 6
    assert ids(filter_rows(frame, RowFilter(outcome=F))) == [("model-a", "1029", "0")]
    assert ids(filter_rows(frame, RowFilter(model="reference"))) == [
        ("reference", "1018", "none"),
        ("reference", "9999", "none"),
    ]
    assert ids(filter_rows(frame, RowFilter(seed="1", setting="cck"))) == [
        ("model-a", "1018", "1"),
        ("model-a", "1029", "1"),
    ]
    assert ids(filter_rows(frame, RowFilter(category="unknown name or attribute"))) == [("model-a", "1018", "1")]
    assert set(filter_rows(frame, RowFilter(tag="delete"))["task_id"]) == {"1018"}
    assert filter_rows(frame, RowFilter(model="model-a", outcome=S, rows=frozenset({0}))).index.tolist() == [0]


def test_complexity_filter_leaves_out_tasks_of_unknown_complexity(frame: pd.DataFrame) -> None:
    known = frame.dropna(subset=["task_complexity"])
    assert set(known["task_id"]) == {"1018", "1029"} and "9999" in set(frame["task_id"])
    low, high = int(known["task_complexity"].min()), int(known["task_complexity"].max())
    assert set(filter_rows(frame, RowFilter(complexity=(low, high)))["task_id"]) == {"1018", "1029"}
    top = filter_rows(frame, RowFilter(complexity=(high, high)))
    assert (top["task_complexity"] == high).all()


def test_options_list_the_values_present_in_a_sensible_order(frame: pd.DataFrame) -> None:
    options = filter_options(frame)
    assert options["model"] == ["model-a", "reference"]
    assert options["outcome"] == [S, F, X]
    assert options["seed"] == ["0", "1", "none"] and options["setting"] == ["cck", "none"]
    assert options["tag"] == ["action", "delete"]
    assert options["category"][0] != "none" and "unknown name or attribute" in options["category"]


def test_row_title_marks_labelled_rows_and_shortens_long_queries(frame: pd.DataFrame) -> None:
    row = frame.iloc[0].copy()
    row["query"] = "word " * 40
    title = row_title(row, labelled=True)
    assert title.startswith("✓ model-a (CCK) · task 1018 · seed 0 · success · word")
    assert title.endswith("...") and len(title) < 140


def test_rows_are_listed_by_system_then_task_id_then_seed(frame: pd.DataFrame) -> None:
    # They came in the order of the results files (task 1018, 1029, 1018, 1029 over two seeds),
    # hard to scan by task; the index still runs 0, 1, ...
    keys = [
        (system, int(task_id), seed)
        for system, task_id, seed in zip(frame["system"], frame["task_id"], frame["seed_name"])
    ]
    assert keys == sorted(keys) and list(frame.index) == list(range(len(frame)))
    assert [task_id for system, task_id, _ in keys if system.startswith("model-a")] == [1018, 1018, 1029, 1029]
