"""The automatic error taxonomy and human labels overriding it."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from aspera_core.records import Outcome, PairDetail, ResultRow
from aspera_workbench.analysis.frames import runs_frame
from aspera_workbench.analysis.taxonomy import (
    CATEGORIES,
    error_category,
    error_taxonomy,
    exception_table,
    read_labels,
    taxonomy_table,
)
from tests.analysis.support import model_run, result_row, write_results


@pytest.mark.parametrize(
    ("outcome", "origin", "error_type", "category"),
    [
        ("success", None, None, "success"),
        ("task_completion_error", "evaluation", "x.SolutionError", "wrong effect or answer"),
        ("handback_control", "program", "x.RequiresUserInput", "unwarranted hand-back"),
        ("execution_error", "program", "NameError", "unknown name or attribute"),
        ("execution_error", "program", "AttributeError", "unknown name or attribute"),
        (
            "execution_error",
            "program",
            "beartype.roar.BeartypeCallHintParamViolation",
            "wrong argument for a library call",
        ),
        (
            "execution_error",
            "program",
            "pydantic_core._pydantic_core.ValidationError",
            "wrong argument for a library call",
        ),
        ("execution_error", "program", "aspera_core.library.exceptions.SearchError", "library search or parse failed"),
        ("execution_error", "program", "KeyError", "other run-time error"),
        ("execution_error", "program", "aspera_core.executor.guard.SandboxViolation", "refused by the sandbox"),
        ("execution_error", "setup", "KeyError", "task's own programs failed"),
        ("execution_error", "evaluation", "TypeError", "task's own programs failed"),
        # raised while the control world is saved, in the evaluation program's frame: still the program's doing
        (
            "execution_error",
            "evaluation",
            "aspera_workbench.control.surface.ControlWorldError",
            "malformed control world",
        ),
        ("execution_error", "worker", None, "worker died"),
        ("syntax_error", None, "SyntaxError", "syntax error"),
        ("parse_error", None, None, "no program found"),
        ("timeout", "program", None, "timeout"),
        ("resource_error", "program", "MemoryError", "resource limit"),
        ("model_error", None, None, "no program from the model"),
    ],
)
def test_categories_follow_outcome_then_origin_then_exception_type(outcome, origin, error_type, category):
    assert error_category(outcome, origin, error_type) == category
    assert category in CATEGORIES


NONE_USED = "'NoneType' object has no attribute 'start'"


@pytest.mark.parametrize(
    ("error_type", "message", "returned_none", "category"),
    [
        # the evaluation program used the program's return value, and the program returned None
        ("TypeError", "'NoneType' object is not subscriptable", True, "wrong effect or answer"),
        ("AttributeError", NONE_USED, True, "wrong effect or answer"),
        # without all three pieces of evidence the task's own programs keep the blame
        ("AttributeError", NONE_USED, False, "task's own programs failed"),
        ("TypeError", "unsupported operand type(s) for +: 'int' and 'str'", True, "task's own programs failed"),
        ("KeyError", "'NoneType'", True, "task's own programs failed"),
        ("AttributeError", None, True, "task's own programs failed"),
    ],
)
def test_an_evaluation_program_tripping_over_a_returned_none_blames_the_program(
    error_type, message, returned_none, category
):
    assert error_category("execution_error", "evaluation", error_type, message, returned_none) == category
    # only the evaluation program uses the return value: a setup program's error stays the task's
    assert error_category("execution_error", "setup", error_type, message, returned_none) == (
        "task's own programs failed"
    )


def _none_row(task_id: str, return_value: str | None, later: list[PairDetail] | None = None) -> ResultRow:
    first = PairDetail(
        index=0, outcome=Outcome.EXECUTION_ERROR, origin="evaluation", error_type="AttributeError", message=NONE_USED
    )
    pairs = (first, *(later or []))
    return result_row(
        task_id,
        "execution_error",
        error_type="AttributeError",
        message=NONE_USED,
        return_value=return_value,
        pairs=pairs,
        pairs_run=len(pairs),
        pairs_total=len(pairs),
    )


def test_the_taxonomy_reads_the_return_value_of_the_row_only_where_it_is_the_deciding_pairs(tmp_path: Path):
    same_again = PairDetail(
        index=1, outcome=Outcome.EXECUTION_ERROR, origin="evaluation", error_type="AttributeError", message=NONE_USED
    )
    passed_later = PairDetail(index=1, outcome=Outcome.SUCCESS)
    rows = [
        _none_row("1", "None"),  # one pair: the recorded return value is that pair's
        _none_row("2", "[]"),  # the program returned something: the evaluation program's own fault
        _none_row("3", None),  # no return value recorded
        _none_row("4", "None", [same_again]),  # a later pair failed the same way
        _none_row("5", "None", [passed_later]),  # the last return value may be the later pair's
    ]
    path = write_results(tmp_path / "runs.jsonl", rows)
    table = error_taxonomy(runs_frame([path])).set_index("task_id")
    assert table["auto_category"].to_dict() == {
        "1": "wrong effect or answer",
        "2": "task's own programs failed",
        "3": "task's own programs failed",
        "4": "wrong effect or answer",
        "5": "task's own programs failed",
    }


def test_unknown_outcomes_are_refused():
    with pytest.raises(ValueError, match="unknown outcome"):
        error_category("exploded")


@pytest.fixture
def runs(tmp_path: Path) -> pd.DataFrame:
    a = model_run(
        tmp_path / "a.jsonl",
        "model-a",
        "cck",
        {0: {"1": "execution_error", "2": "execution_error", "3": "success"}, 1: {"1": "execution_error"}},
        errors={"1": ("program", "NameError"), "2": ("program", "KeyError")},
    )
    b = model_run(
        tmp_path / "b.jsonl", "model-b", "cck", {0: {"1": "execution_error"}}, errors={"1": ("program", "KeyError")}
    )
    return runs_frame([a, b])


def test_human_labels_override_by_task_system_and_seed(runs: pd.DataFrame, tmp_path: Path):
    labels = tmp_path / "labels.csv"
    labels.write_text(
        "task_id,system,seed,label\n"
        "2,,,invented a helper\n"  # every system and seed of task 2
        "1,model-a (CCK),1,misread the date\n"  # one system and seed
        "3,,,\n"  # empty label: ignored
    )
    table = error_taxonomy(runs, labels).set_index(["system", "task_id", "seed"])
    assert table.loc[("model-a (CCK)", "2", 0), "category"] == "invented a helper"
    assert table.loc[("model-a (CCK)", "1", 1), "category"] == "misread the date"
    assert table.loc[("model-a (CCK)", "1", 0), "category"] == "unknown name or attribute"
    assert table.loc[("model-b (CCK)", "1", 0), "category"] == "other run-time error"
    assert table.loc[("model-a (CCK)", "1", 1), "labelled"] and not table.loc[("model-a (CCK)", "1", 0), "labelled"]
    assert table.loc[("model-a (CCK)", "3", 0), "category"] == "success"
    assert list(table["category"].cat.categories)[-2:] == ["invented a helper", "misread the date"]


def test_labels_need_task_id_and_label(tmp_path: Path):
    bad = tmp_path / "bad.csv"
    bad.write_text("task,label\n1,x\n")
    with pytest.raises(ValueError, match="task_id"):
        read_labels(bad)
    with pytest.raises(FileNotFoundError):
        read_labels(tmp_path / "missing.csv")


def test_taxonomy_table_gives_shares_of_each_systems_failures(runs: pd.DataFrame):
    table = taxonomy_table(error_taxonomy(runs)).set_index(["system", "category"])
    assert table.loc[("model-a (CCK)", "unknown name or attribute"), ["count", "failures"]].tolist() == [2, 3]
    assert table.loc[("model-a (CCK)", "other run-time error"), "share of failures (%)"] == pytest.approx(100 / 3)
    assert table.loc[("model-b (CCK)", "other run-time error"), "share of failures (%)"] == 100
    exceptions = exception_table(error_taxonomy(runs))
    assert exceptions.iloc[0][["system", "exception", "count"]].tolist() == ["model-a (CCK)", "NameError", 2]


def test_taxonomy_table_lists_every_judged_system_as_the_figure_does(tmp_path: Path):
    from aspera_workbench.analysis.frames import runs_frame
    from aspera_workbench.analysis.plots import plot_error_types

    perfect = model_run(tmp_path / "p.jsonl", "model-p", "cck", {0: {"1": "success", "2": "success"}})
    failing = model_run(tmp_path / "f.jsonl", "model-f", "cck", {0: {"1": "success", "2": "task_completion_error"}})
    taxonomy = error_taxonomy(runs_frame([perfect, failing]))
    table = taxonomy_table(taxonomy)
    assert list(table["system"]) == ["model-p (CCK)", "model-f (CCK)"]
    row = table.iloc[0]
    assert (row["category"], row["count"], row["failures"]) == ("no failure", 0, 0)
    assert pd.isna(row["share of failures (%)"])
    labels = [t.get_text() for t in plot_error_types(taxonomy).axes[0].get_yticklabels()]
    assert [label.split("\n")[0] for label in labels] == list(dict.fromkeys(table["system"]))
