"""Result rows, results files and summaries."""

from __future__ import annotations

import json
import multiprocessing
import warnings
from pathlib import Path

import pydantic
import pytest

from aspera_core.records import (
    Outcome,
    ResultRow,
    ResultsFileBusy,
    ResultsFileWarning,
    ResultsWriter,
    completed_ids,
    format_summary,
    read_rows,
    repair_tail,
    summarize,
)


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


def test_rows_are_frozen_and_reject_unknown_fields() -> None:
    with pytest.raises(pydantic.ValidationError):
        ResultRow(**row("1").model_dump(), surprise=1)
    with pytest.raises(pydantic.ValidationError):
        row("1").task_id = "2"  # type: ignore[misc]
    with pytest.raises(pydantic.ValidationError):
        row("1", outcome="great")  # type: ignore[arg-type]


def test_outcome_is_shared_with_the_executor() -> None:
    from aspera_core.executor import Outcome as ExecutorOutcome

    assert Outcome is ExecutorOutcome


def test_write_then_read_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "runs" / "results.jsonl"
    rows = [row("1"), row("2", Outcome.TIMEOUT, message="slow", tags=("action",)), row("3", model="m", seed=2)]
    with ResultsWriter(path) as writer:
        writer.write_all(rows)
    assert read_rows(path) == rows
    assert len(path.read_text().splitlines()) == 3
    assert completed_ids(path) == {"1", "2", "3"}


def test_appending_keeps_earlier_rows(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    with ResultsWriter(path) as writer:
        writer.write(row("1"))
    with ResultsWriter(path, fsync=True) as writer:
        writer.write(row("2"))
    assert [r.task_id for r in read_rows(path)] == ["1", "2"]


def test_a_cut_off_last_line_is_skipped_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    with ResultsWriter(path) as writer:
        writer.write(row("1"))
    with path.open("a") as handle:
        handle.write(row("2").model_dump_json()[:40])
    with pytest.warns(ResultsFileWarning, match="cut-off last line"):
        assert [r.task_id for r in read_rows(path)] == ["1"]


def test_the_writer_removes_a_cut_off_line_before_appending(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(row("1").model_dump_json() + "\n" + row("2").model_dump_json()[:25])
    with pytest.warns(ResultsFileWarning, match="removed a cut-off last line"):
        writer = ResultsWriter(path)
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
    lines = [row("1").model_dump_json(), "not json", json.dumps({"task_id": "x"}), row("2").model_dump_json()]
    path.write_text("\n".join(lines) + "\n")
    with pytest.warns(ResultsFileWarning) as caught:
        assert [r.task_id for r in read_rows(path)] == ["1", "2"]
    messages = [str(w.message) for w in caught]
    assert any(":2: skipped: not valid JSON" in m for m in messages)
    assert any(":3: skipped: not a result row" in m for m in messages)


def test_non_utf8_bytes_do_not_stop_reading(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_bytes(
        row("1").model_dump_json().encode() + b"\n\xff\xfe garbage\n" + row("2").model_dump_json().encode() + b"\n"
    )
    with pytest.warns(ResultsFileWarning):
        assert [r.task_id for r in read_rows(path)] == ["1", "2"]


def _hold_lock(path: str, ready: multiprocessing.synchronize.Event, release: multiprocessing.synchronize.Event) -> None:
    with ResultsWriter(path):
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
            ResultsWriter(path)
    finally:
        release.set()
        holder.join(30)
    with ResultsWriter(path):
        pass


def test_summary_counts_every_outcome() -> None:
    rows = [row("1"), row("2"), row("3", Outcome.HANDBACK_CONTROL), row("4", Outcome.PARSE_ERROR)]
    summary = summarize(rows)
    assert summary["n"] == 4
    assert summary["success_rate"] == 0.5
    assert summary["handback_control"] == 1
    assert summary["parse_error"] == 1
    assert list(summary) == ["n", "success_rate", *[o.value for o in Outcome]]
    text = format_summary(summary)
    assert "success                     2    50.0%" in text
    assert text.splitlines()[-1].split() == ["total", "4"]


def test_summary_of_nothing_and_of_duplicates() -> None:
    assert summarize([])["success_rate"] is None
    assert "-" in format_summary(summarize([]))
    with pytest.warns(ResultsFileWarning, match="1 duplicate"):
        summary = summarize([row("1"), row("1", Outcome.TIMEOUT)])
    assert (summary["n"], summary["success"], summary["timeout"]) == (1, 1, 0)
