"""Results files read into a frame with one row per run, task and seed."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from aspera_core.records import Outcome, PairDetail, ResultsFileWarning
from aspera_core.tasks import load_tasks
from aspera_workbench.analysis.frames import runs_frame, system_label, tasks_frame
from tests.analysis.support import model_run, result_row, write_results

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"


def test_system_labels_name_model_and_setting_or_the_agent():
    assert system_label("cck", "gpt-4o", "cck") == "gpt-4o (CCK)"
    assert system_label("ps", "o1-preview", "ps", library_fixes=True) == "o1-preview (PS) [fixes]"
    assert system_label("reference", None, None) == "reference"
    assert system_label("mutant", "m", None) == "m (mutant)"


def test_model_runs_with_seeds_become_one_row_per_task_and_seed(tmp_path: Path):
    path = model_run(
        tmp_path / "gpt.jsonl",
        "gpt-4o",
        "cck",
        {0: {"1": "success", "2": "model_error"}, 1: {"1": "execution_error", "2": "success"}},
        errors={"1": ("program", "NameError")},
    )
    frame = runs_frame([path])
    assert len(frame) == 4
    assert list(frame["run"].cat.categories) == ["gpt-4o (CCK)"] == list(frame["system"].cat.categories)
    assert frame["seed"].tolist() == [0, 0, 1, 1] and str(frame["seed"].dtype) == "Int64"
    model_error = frame[(frame["task_id"] == "2") & (frame["seed"] == 0)].iloc[0]
    assert not model_error["judged"] and model_error["outcome"] == "model_error"
    failed = frame[(frame["task_id"] == "1") & (frame["seed"] == 1)].iloc[0]
    assert (failed["origin"], failed["error_type"], failed["pair_0_origin"]) == ("program", "NameError", "program")
    assert list(frame["outcome"].cat.categories)[:3] == ["success", "task_completion_error", "handback_control"]


def test_pair_columns_and_the_deciding_origin_follow_the_evaluation_protocol(tmp_path: Path):
    pairs = (
        PairDetail(index=0, outcome=Outcome.EXECUTION_ERROR, origin="setup", error_type="KeyError"),
        PairDetail(index=1, outcome=Outcome.TASK_COMPLETION_ERROR, origin="evaluation", error_type="SolutionError"),
    )
    path = write_results(tmp_path / "r.jsonl", [result_row("7", Outcome.TASK_COMPLETION_ERROR, pairs=pairs)])
    row = runs_frame({"mine": path}).iloc[0]
    assert row["run"] == "mine" and row["origin"] == "evaluation"  # a task-completion pair decides
    assert (row["pair_0_outcome"], row["pair_1_outcome"]) == ("execution_error", "task_completion_error")


def test_the_same_system_task_and_seed_in_two_files_counts_once(tmp_path: Path):
    first = write_results(tmp_path / "a.jsonl", [result_row("1", "success"), result_row("2", "timeout")])
    second = write_results(tmp_path / "b.jsonl", [result_row("2", "success"), result_row("3", "success")])
    with pytest.warns(ResultsFileWarning, match="1 row"):
        frame = runs_frame({"a": first, "b": second})
    assert sorted(frame["task_id"]) == ["1", "2", "3"]
    assert frame.set_index("task_id").loc["2", "outcome"] == "timeout"  # the first file counts


def test_tasks_frame_measures_every_task():
    tasks = load_tasks(MINI)
    frame = tasks_frame(tasks)
    assert list(frame.index) == [t.query_id for t in tasks]
    first = tasks[0]
    row = frame.loc[first.query_id]
    assert row["query_words"] == len(first.query.split())
    assert row["setup_raw_lines"] == sum(len(p.splitlines()) for p in first.state_generation_programs)
    assert row["unique_primitives"] == len(row["primitives"]) > 0
    assert set(row["modules"]) <= {"company_directory", "work_calendar", "room_booking", "time_utils", "exceptions"}


def test_generated_programs_are_measured_like_reference_programs(tmp_path: Path):
    program = "def solve():\n    if find_events():\n        return now_()\n"
    rows = [result_row("1", "success", program=program), result_row("2", "syntax_error", program="def broken(:\n")]
    frame = runs_frame([write_results(tmp_path / "r.jsonl", rows)]).set_index("task_id")
    assert frame.loc["1", ["program_complexity", "program_primitives", "program_code_lines"]].tolist() == [2, 2, 3]
    assert pd.isna(frame.loc["2", "program_complexity"]) and frame.loc["2", "program_primitives"] == 0


def test_unknown_token_counts_stay_missing_and_are_counted(tmp_path: Path):
    from aspera_core.records import Generation, Usage

    unknown = Usage(prompt_tokens=None, completion_tokens=None, total_tokens=None, requests_without_usage=2)
    known = Usage(prompt_tokens=100, completion_tokens=20, total_tokens=120)
    rows = [
        result_row("1", "success", generation=Generation(usage=known, requests=1)),
        result_row("2", "success", generation=Generation(usage=unknown, requests=2)),
    ]
    frame = runs_frame([write_results(tmp_path / "r.jsonl", rows)])
    by_task = frame.set_index("task_id")
    assert by_task.loc["1", "prompt_tokens"] == 100 and pd.isna(by_task.loc["2", "prompt_tokens"])
    assert by_task["requests_without_usage"].tolist() == [0, 2]
