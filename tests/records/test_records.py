"""Result rows, results files (header, identity, refusals, resume) and summaries."""

from __future__ import annotations

import json
import multiprocessing
import warnings
from pathlib import Path

import pydantic
import pytest

from aspera_core.records import (
    Experiment,
    ExperimentMismatch,
    Generation,
    LegacyResultsFile,
    NotAResultsFile,
    Outcome,
    PairDetail,
    ResultRow,
    ResultsFileBusy,
    ResultsFileWarning,
    ResultsWriter,
    check_results_file,
    completed_keys,
    counted_rows,
    format_summary,
    read_results,
    read_rows,
    repair_tail,
    results_file_for,
    summarize,
)

EXPERIMENT = Experiment(agent="reference", task_set="tasks", task_set_digest="abc", workbench_version="0")


def row(task_id: str, outcome: Outcome = Outcome.SUCCESS, **extra: object) -> ResultRow:
    values: dict[str, object] = dict(
        task_id=task_id,
        query="q",
        agent="reference",
        program="def f():\n    pass\n",
        outcome=outcome,
        duration_s=0.01,
        pairs_run=1,
    )
    values.update(extra)
    return ResultRow(**values)  # type: ignore[arg-type]


def write(path: Path, *rows: ResultRow, experiment: Experiment = EXPERIMENT) -> None:
    with ResultsWriter(path, experiment) as writer:
        writer.write_all(rows)


def test_rows_are_frozen_and_reject_unknown_fields() -> None:
    with pytest.raises(pydantic.ValidationError):
        ResultRow(**row("1").model_dump(), surprise=1)
    with pytest.raises(pydantic.ValidationError):
        row("1").task_id = "2"  # type: ignore[misc]
    with pytest.raises(pydantic.ValidationError):
        row("1", outcome="great")  # type: ignore[arg-type]
    with pytest.raises(pydantic.ValidationError):
        row("1", pairs=[{"index": 0, "outcome": "success", "extra": 1}])


def test_outcome_is_shared_with_the_executor() -> None:
    from aspera_core.executor import Outcome as ExecutorOutcome

    assert Outcome is ExecutorOutcome


def test_a_file_starts_with_its_experiment_and_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "runs" / "results.jsonl"
    pairs = (
        PairDetail(index=0, outcome=Outcome.SUCCESS),
        PairDetail(index=1, outcome=Outcome.TIMEOUT, origin="program"),
    )
    rows = [
        row("1"),
        row("2", Outcome.TIMEOUT, message="slow", tags=("action",), pairs=pairs),
        row("3", model="m", seed=2, generation=Generation(completion="```x```", cost_usd=0.5)),
    ]
    write(path, *rows)
    results = read_results(path)
    assert results.header is not None and results.experiment == EXPERIMENT
    assert results.rows == rows
    assert len(path.read_text().splitlines()) == 4
    assert json.loads(path.read_text().splitlines()[0])["aspera_results"] == 2


def test_appending_keeps_earlier_rows_and_skips_completed_pairs(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    write(path, row("1", seed=0), row("2", Outcome.MODEL_ERROR, seed=0))
    with ResultsWriter(path, EXPERIMENT, fsync=True) as writer:
        assert completed_keys(writer.existing) == {("1", 0)}  # model errors are asked again
        writer.write(row("2", seed=0))
    assert [r.task_id for r in read_rows(path)] == ["1", "2", "2"]


@pytest.mark.parametrize(
    "content",
    [
        b"# My project\n\nSome notes.\n",
        json.dumps({"cells": [], "metadata": {}, "nbformat": 4}).encode(),
        b"task_id,outcome\n1,success\n",
        b'{"a": 1}\n',
        b"\xff\xfe\x00binary",
    ],
    ids=["markdown", "notebook", "csv", "foreign-json", "binary"],
)
def test_foreign_files_are_refused_and_left_byte_for_byte(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "README.md"
    path.write_bytes(content)
    with pytest.raises(NotAResultsFile, match="not a results file"):
        ResultsWriter(path, EXPERIMENT)
    with pytest.raises(NotAResultsFile):
        read_results(path)
    assert path.read_bytes() == content


def test_folders_empty_files_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(NotAResultsFile, match="folder"):
        read_results(tmp_path)
    with pytest.raises(NotAResultsFile, match="folder"):
        ResultsWriter(tmp_path, EXPERIMENT)
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(NotAResultsFile, match="empty"):
        read_results(empty)
    write(empty, row("1"))  # an empty file is as good as a new one
    assert [r.task_id for r in read_rows(empty)] == ["1"]
    with pytest.raises(FileNotFoundError):
        read_results(tmp_path / "missing.jsonl")


def test_another_experiment_is_refused_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    write(path, row("1"))
    before = path.read_bytes()
    other = EXPERIMENT.model_copy(update={"agent": "noop", "task_set_digest": "def"})
    with pytest.raises(ExperimentMismatch) as caught:
        ResultsWriter(path, other)
    assert caught.value.differences == ["agent: 'reference' != 'noop'", "task_set_digest: 'abc' != 'def'"]
    assert path.read_bytes() == before
    # Only where the tasks live differs: the same experiment.
    write(path, row("2"), experiment=EXPERIMENT.model_copy(update={"task_set": "elsewhere"}))
    with ResultsWriter(path, other, resume_anyway=True) as writer:
        writer.write(row("3"))
    assert [r.task_id for r in read_rows(path)] == ["1", "2", "3"]


def test_a_file_with_a_header_and_no_rows_is_taken_over_by_any_experiment(tmp_path: Path) -> None:
    # A run that failed at once (an unknown model) leaves only its header: nothing to lose.
    path = tmp_path / "failed.jsonl"
    write(path)
    other = EXPERIMENT.model_copy(update={"agent": "noop", "model": "m"})
    check_results_file(path, other)  # not refused before a run either
    assert results_file_for(path, other) == path  # --force-new starts nothing beside it
    write(path, row("1"), experiment=other)
    results = read_results(path)
    assert results.experiment == other and [r.task_id for r in results.rows] == ["1"]
    assert path.read_text().count("\n") == 2  # the new header and the row; the old header is gone


def test_refusing_a_file_of_another_experiment_says_how_many_rows_it_holds(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    write(path, row("1"), row("2"))
    other = EXPERIMENT.model_copy(update={"agent": "noop"})
    for attempt in (lambda: ResultsWriter(path, other), lambda: check_results_file(path, other)):
        with pytest.raises(ExperimentMismatch, match="holds 2 rows of another experiment"):
            attempt()


def test_legacy_files_are_read_but_never_appended_to(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    legacy = row("1").model_dump_json(exclude_defaults=True) + "\n"
    path.write_text(legacy)
    results = read_results(path)
    assert results.header is None and [r.task_id for r in results.rows] == ["1"]
    with pytest.raises(LegacyResultsFile, match="earlier version"):
        ResultsWriter(path, EXPERIMENT)
    assert path.read_text() == legacy


def test_a_cut_off_last_line_is_skipped_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    write(path, row("1"))
    with path.open("a") as handle:
        handle.write(row("2").model_dump_json()[:40])
    with pytest.warns(ResultsFileWarning, match="cut-off last line"):
        assert [r.task_id for r in read_rows(path)] == ["1"]


def test_the_writer_removes_a_cut_off_line_before_appending(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    write(path, row("1"))
    with path.open("a") as handle:
        handle.write(row("2").model_dump_json()[:25])
    with pytest.warns(ResultsFileWarning, match="removed a cut-off last line"):
        writer = ResultsWriter(path, EXPERIMENT)
    with writer:
        writer.write(row("3"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert [r.task_id for r in read_rows(path)] == ["1", "3"]


def test_repair_tail_on_files_without_any_newline(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text('{"task_id": "1"')
    assert repair_tail(path) == len('{"task_id": "1"')
    assert path.read_text() == ""
    assert repair_tail(path) == 0
    assert repair_tail(tmp_path / "missing.jsonl") == 0


def test_invalid_lines_in_the_middle_are_skipped_and_named(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    write(path, row("1"))
    with path.open("a") as handle:
        handle.write("\n".join(["not json", json.dumps({"task_id": "x"}), row("2").model_dump_json()]) + "\n")
    with pytest.warns(ResultsFileWarning) as caught:
        assert [r.task_id for r in read_rows(path)] == ["1", "2"]
    messages = [str(w.message) for w in caught]
    assert any(":3: skipped: not valid JSON" in m for m in messages)
    assert any(":4: skipped: not a result row" in m for m in messages)


def _hold_lock(path: str, ready: multiprocessing.synchronize.Event, release: multiprocessing.synchronize.Event) -> None:
    with ResultsWriter(path, EXPERIMENT):
        ready.set()
        release.wait(10)


def test_two_writers_cannot_share_a_file(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    context = multiprocessing.get_context("spawn")
    ready, release = context.Event(), context.Event()
    holder = context.Process(target=_hold_lock, args=(str(path), ready, release))
    holder.start()
    try:
        assert ready.wait(30)
        with pytest.raises(ResultsFileBusy):
            ResultsWriter(path, EXPERIMENT)
    finally:
        release.set()
        holder.join(30)
    with ResultsWriter(path, EXPERIMENT):
        pass


def test_summary_counts_every_outcome_over_judged_programs() -> None:
    rows = [row("1"), row("2"), row("3", Outcome.HANDBACK_CONTROL), row("4", Outcome.PARSE_ERROR)]
    rows.append(row("5", Outcome.MODEL_ERROR))
    summary = summarize(rows)
    assert (summary["rows"], summary["n"], summary["tasks"]) == (5, 4, 4)
    assert summary["success_rate"] == 0.5
    assert (summary["handback_control"], summary["parse_error"], summary["model_error"]) == (1, 1, 1)
    text = format_summary(summary)
    assert "success                     2    50.0%" in text
    assert "judged programs             4" in text
    assert "model_error                 1" in text


def test_summary_with_the_task_set_counts_missing_and_unknown_tasks() -> None:
    rows = [row("1"), row("2", Outcome.TIMEOUT), row("9"), row("3", Outcome.MODEL_ERROR)]
    summary = summarize(rows, selected=["1", "2", "3", "4"], known=["1", "2", "3", "4"])
    assert (summary["n"], summary["success"], summary["selected"], summary["expected"]) == (2, 1, 4, 4)
    assert summary["missing"] == 2 and summary["missing_tasks"] == ["3", "4"]
    assert summary["unknown_tasks"] == ["9"]
    assert summary["success_rate"] == 0.5 and summary["success_rate_of_expected"] == 0.25
    text = format_summary(summary)
    assert "4 tasks selected, 4 task-seed pairs expected; 2 without a judged row" in text
    assert "success over expected: 1/4 = 25.0%" in text
    assert "not in the task set (not counted): 9" in text


def test_rows_of_tasks_outside_the_selection_are_not_called_unknown() -> None:
    # Task 3 is in the task set, only not selected: it was reported as "not in the task set".
    rows = [row("1"), row("3"), row("9")]
    summary = summarize(rows, selected=["1", "2"], known=["1", "2", "3"])
    assert summary["unselected_tasks"] == ["3"] and summary["unknown_tasks"] == ["9"]
    text = format_summary(summary)
    assert "rows for 1 task id(s) outside the selection (not counted): 3" in text
    assert "rows for 1 task id(s) not in the task set (not counted): 9" in text
    # without the task set's ids every row outside the selection is only "not selected"
    summary = summarize(rows, selected=["1", "2"])
    assert summary["unselected_tasks"] == ["3", "9"] and summary["unknown_tasks"] == []


def test_expected_seeds_come_from_the_selected_tasks_rows_only() -> None:
    # Tasks 1 and 2 were run with seed 0; task 9, outside the selection, also with seeds 1 and 2.
    rows = [row("1", seed=0), row("2", Outcome.TIMEOUT, seed=0)] + [row("9", seed=seed) for seed in (0, 1, 2)]
    summary = summarize(rows, selected=["1", "2"])
    assert (summary["selected"], summary["expected"], summary["missing"]) == (2, 2, 0)
    assert summary["success_rate_of_expected"] == 0.5 and summary["unselected_tasks"] == ["9"]
    assert "2 tasks selected, 2 task-seed pairs expected; 0 without a judged row" in format_summary(summary)
    # a seed that a selected task has (here only as a model error) is expected of every selected task
    rows.append(row("1", Outcome.MODEL_ERROR, seed=1))
    summary = summarize(rows, selected=["1", "2"])
    assert (summary["expected"], summary["missing"], summary["missing_tasks"]) == (4, 2, ["1", "2"])


def test_summary_over_seeds() -> None:
    rows = [row("1", seed=0), row("2", Outcome.TIMEOUT, seed=0), row("1", seed=1), row("2", seed=1)]
    summary = summarize(rows)
    assert summary["seeds"] == [0, 1]
    assert summary["per_seed"] == {
        "0": {"programs": 2, "success": 1, "success_rate": 0.5},
        "1": {"programs": 2, "success": 2, "success_rate": 1.0},
    }
    assert summary["seed_mean"] == 0.75 and summary["seed_sd"] == pytest.approx(0.35355, abs=1e-5)
    assert "seed 0: 50.0% of 2, seed 1: 100.0% of 2; mean 75.0% ± 35.4 (sd over seeds)" in format_summary(summary)


def test_seeds_are_listed_in_numeric_order() -> None:
    # Sorted as text, seed 10 came between 1 and 2 in the JSON and in the "success per seed" line.
    rows = [row("1", seed=seed) for seed in (2, 10, 1)]
    summary = summarize(rows)
    assert summary["seeds"] == [1, 2, 10]
    assert list(summary["per_seed"]) == ["1", "2", "10"]
    assert "seed 1: 100.0% of 1, seed 2: 100.0% of 1, seed 10: 100.0% of 1;" in format_summary(summary)


def test_the_first_judged_row_counts_and_replaces_model_errors() -> None:
    assert summarize([])["success_rate"] is None
    assert "-" in format_summary(summarize([]))
    with pytest.warns(ResultsFileWarning, match="1 duplicate"):
        summary = summarize([row("1"), row("1", Outcome.TIMEOUT)])
    assert (summary["n"], summary["success"], summary["timeout"]) == (1, 1, 0)
    kept = counted_rows([row("1", Outcome.MODEL_ERROR), row("1", Outcome.MODEL_ERROR, message="again")])
    assert [r.message for r in kept] == ["again"]
    kept = counted_rows([row("1", Outcome.MODEL_ERROR), row("1", Outcome.TIMEOUT), row("1", Outcome.MODEL_ERROR)])
    assert [r.outcome for r in kept] == [Outcome.TIMEOUT]


def test_unknown_token_counts_round_trip_and_old_rows_with_zero_still_load(tmp_path: Path) -> None:
    from aspera_core.records import Usage

    unknown = Usage(prompt_tokens=None, completion_tokens=None, total_tokens=None, requests_without_usage=1)
    path = tmp_path / "r.jsonl"
    write(path, row("1", generation=Generation(usage=unknown, requests=1)))
    (read,) = read_rows(path)
    assert read.generation is not None and read.generation.usage == unknown and not read.generation.usage.known
    # A row written before unknown counts were recorded: zeros and no requests_without_usage field.
    old = json.loads(path.read_text().splitlines()[1])
    old["generation"]["usage"] = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
    legacy = ResultRow.model_validate(old)
    assert legacy.generation is not None and legacy.generation.usage.total_tokens == 0
    assert legacy.generation.usage.requests_without_usage == 0
