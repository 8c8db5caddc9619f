"""Answers cut off by the token limit, or given a prompt the endpoint cut, are counted apart; older rows still load."""

from __future__ import annotations

import json
from pathlib import Path

from aspera_core.records import (
    Experiment,
    Generation,
    Outcome,
    ResultRow,
    ResultsWriter,
    answer_counts,
    format_summary,
    read_results,
    summarize,
)

EXPERIMENT = Experiment(agent="cck", model="m", setting="cck", task_set_digest="abc", workbench_version="0")


def row(task_id: str, outcome: Outcome, generation: Generation | None, seed: int | None = 0) -> ResultRow:
    program = "" if outcome in (Outcome.PARSE_ERROR, Outcome.MODEL_ERROR) else "def f():\n    pass\n"
    return ResultRow(
        task_id=task_id, query="q", agent="cck", seed=seed, program=program, outcome=outcome, duration_s=0.0,
        pairs_run=0, generation=generation,
    )  # fmt: skip


def test_cut_off_answers_are_counted_over_the_judged_answers_whatever_their_verdict() -> None:
    cut = Generation(finish_reason="length", truncated=True)
    rows = [
        row("1", Outcome.SUCCESS, Generation(finish_reason="stop")),
        row("2", Outcome.PARSE_ERROR, cut),
        row("3", Outcome.SYNTAX_ERROR, cut),
        row("4", Outcome.SUCCESS, cut),
        row("5", Outcome.TASK_COMPLETION_ERROR, Generation(prompt_truncated=True)),
        row("6", Outcome.MODEL_ERROR, Generation(error="HTTP 500")),  # no answer: not counted
    ]
    counts = answer_counts(rows)
    assert counts == {
        "answers": 5,
        "truncated": 3,
        "truncated_outcomes": {"success": 1, "syntax_error": 1, "parse_error": 1},
        "prompt_truncated": 1,
    }
    text = format_summary(summarize(rows))
    assert "3 of 5 answers cut off by the token limit (finish_reason length; their outcomes: 1 success, " in text
    assert "1 of 5 answers to prompts the endpoint did not see whole" in text
    # the outcome table still counts the verdicts as they are: a cut-off answer is not a syntax error of its own
    assert summarize(rows)["syntax_error"] == 1


def test_rows_without_answers_add_nothing_to_the_summary() -> None:
    rows = [row("1", Outcome.SUCCESS, None, seed=None)]
    summary = summarize(rows)
    assert "answers" not in summary and "truncated" not in summary
    assert "cut off" not in format_summary(summary) and "did not see" not in format_summary(summary)


def test_a_row_written_before_the_answer_fields_loads_with_nothing_known_of_them(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    with ResultsWriter(path, EXPERIMENT) as writer:
        writer.write(row("1", Outcome.SUCCESS, Generation(completion="def f(): pass")))
    header, line = path.read_text().splitlines()
    old = json.loads(line)
    for field in ("finish_reason", "truncated", "reasoning", "reasoning_chars", "reasoning_tokens", "prompt_truncated"):
        del old["generation"][field]
    path.write_text(f"{header}\n{json.dumps(old)}\n")
    (loaded,) = read_results(path).rows
    generation = loaded.generation
    assert generation is not None and generation.completion == "def f(): pass"
    assert (generation.finish_reason, generation.truncated, generation.reasoning_chars) == (None, False, None)
    assert answer_counts([loaded]) == {"answers": 1, "truncated": 0, "truncated_outcomes": {}, "prompt_truncated": 0}
