"""Programs read from answers the token limit cut off are kept apart in the runs frame, the taxonomy and Table 3."""

from __future__ import annotations

from pathlib import Path

from aspera_core.records import Generation, Outcome
from aspera_workbench.analysis import error_taxonomy, runs_frame, success_table, taxonomy_table
from aspera_workbench.analysis.result_tables import success_table_display
from aspera_workbench.analysis.taxonomy import CUT_OFF, error_category
from tests.analysis.support import result_row, write_results

CUT = Generation(finish_reason="length", truncated=True, reasoning_chars=1200)
WHOLE = Generation(finish_reason="stop", reasoning_chars=0)


def model_row(task_id: str, outcome: Outcome, generation: Generation, **fields: object):  # noqa: ANN201
    return result_row(task_id, outcome, agent="cck", model="m", setting="cck", seed=0, generation=generation, **fields)


def test_a_failed_program_from_a_cut_off_answer_is_cut_off_not_a_syntax_error_whatever_its_outcome() -> None:
    for outcome in ("syntax_error", "parse_error", "task_completion_error", "execution_error"):
        assert error_category(outcome, "program", "NameError", truncated=True) == CUT_OFF
    assert error_category("syntax_error", "program", "SyntaxError") == "syntax error"
    assert error_category("success", truncated=True) == "success"  # a whole program after all
    assert error_category("model_error", truncated=True) == "no program from the model"


def test_the_frame_the_taxonomy_and_table_3_count_cut_off_answers_apart(tmp_path: Path) -> None:
    rows = [
        model_row("1", Outcome.SUCCESS, WHOLE),
        model_row("2", Outcome.SYNTAX_ERROR, CUT, error_type="SyntaxError"),
        model_row("3", Outcome.PARSE_ERROR, CUT),
        model_row("4", Outcome.SYNTAX_ERROR, WHOLE, error_type="SyntaxError"),
        model_row("5", Outcome.SUCCESS, Generation(prompt_truncated=True)),
    ]
    frame = runs_frame([write_results(tmp_path / "cck.jsonl", rows)])
    assert list(frame["truncated"]) == [False, True, True, False, False]
    assert list(frame["finish_reason"])[:4] == ["stop", "length", "length", "stop"]
    assert list(frame["prompt_truncated"]) == [False, False, False, False, True]
    categories = error_taxonomy(frame).set_index("task_id")["category"].astype(str)
    assert (categories["2"], categories["3"], categories["4"]) == (CUT_OFF, CUT_OFF, "syntax error")
    shares = taxonomy_table(error_taxonomy(frame)).set_index("category")["count"]
    assert (shares[CUT_OFF], shares["syntax error"]) == (2, 1)
    table = success_table(frame, paper=False)
    system = table.index[0]
    assert (table.loc[system, "programs"], table.loc[system, "cut off by the token limit"]) == (5, 2)
    assert table.loc[system, "prompt cut by the endpoint"] == 1
    shown = success_table_display(table)
    assert shown.loc[system, "cut off by the token limit (of programs)"] == "2 of 5"


def test_tables_of_runs_without_cut_answers_have_no_such_column(tmp_path: Path) -> None:
    rows = [result_row("1", Outcome.SUCCESS), result_row("2", Outcome.SYNTAX_ERROR, error_type="SyntaxError")]
    frame = runs_frame([write_results(tmp_path / "reference.jsonl", rows)])
    assert not frame["truncated"].any() and frame["reasoning_chars"].isna().all()
    table = success_table(frame, paper=False)
    assert "cut off by the token limit" not in table and "prompt cut by the endpoint" not in table
