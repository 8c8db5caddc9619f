"""The checked verdict in summaries: its counts beside the outcome table, and success on an audited subset."""

from __future__ import annotations

import pytest

from aspera_core.records import AuditedSubset, Outcome, format_subset, format_summary, summarize, summarize_subset
from tests.records.test_records import row


def checked(task_id: str, outcome: Outcome, verdict: str | None, **extra: object):
    return row(task_id, outcome, checked_outcome=verdict, **extra)


ROWS = [
    checked("1", Outcome.SUCCESS, "success"),
    checked("2", Outcome.SUCCESS, "side_effect", checked_reasons=("side_effect: pair 1: added 2 occurrence(s)",)),
    checked("3", Outcome.SUCCESS, "over_inclusive"),
    checked("4", Outcome.TIMEOUT, "timeout"),
    checked("5", Outcome.SUCCESS, None),  # not checked: unknown
    checked("6", Outcome.MODEL_ERROR, "model_error"),  # not judged: in no denominator
]


def test_the_checked_counts_cover_every_judged_program_and_unknown_is_its_own_count() -> None:
    summary = summarize(ROWS)
    assert summary["n"] == 5 and summary["success"] == 4
    counts = summary["checked"]
    assert (counts["success"], counts["side_effect"], counts["over_inclusive"]) == (1, 1, 1)
    assert (counts["timeout"], counts["unknown"]) == (1, 1)
    assert sum(counts.values()) == summary["n"]
    # One program has no checked verdict: no checked success rate is claimed for the file.
    assert summary["checked_success_rate"] is None


def test_the_checked_success_rate_when_every_program_was_checked() -> None:
    summary = summarize(ROWS[:4])
    assert summary["checked"]["unknown"] == 0 and summary["checked_success_rate"] == 0.25


def test_an_older_file_is_all_unknown_and_the_text_says_how_many() -> None:
    summary = summarize([row("1"), row("2"), row("3", Outcome.TIMEOUT)])
    assert summary["checked"]["unknown"] == 3 and summary["checked"]["success"] == 0
    assert summary["checked_success_rate"] is None
    text = format_summary(summary)
    assert "checked verdict (of the 3 judged programs:" in text
    assert any(line.split()[:3] == ["unknown", "3", "100.0%"] for line in text.splitlines())
    assert "no checked verdict" in text


def test_the_text_shows_the_checked_counts_with_their_denominator() -> None:
    text = format_summary(summarize(ROWS))
    lines = text.splitlines()
    first = lines.index(next(line for line in lines if line.startswith("checked verdict")))
    shown = {line.split()[0]: line.split()[1:3] for line in lines[first + 1 : first + 6]}
    assert shown == {
        "success": ["1", "20.0%"],
        "side_effect": ["1", "20.0%"],
        "over_inclusive": ["1", "20.0%"],
        "failed": ["1", "20.0%"],  # rejected by the evaluation program
        "unknown": ["1", "20.0%"],
    }


SUBSET = AuditedSubset(task_set_digest="abc", audited=("1", "2", "3", "4", "7"), task_ids=("1", "2", "4", "7"))


def test_success_on_the_audited_subset_with_its_size_and_the_tasks_not_audited() -> None:
    rows = [*ROWS[:5], checked("8", Outcome.SUCCESS, "success")]
    found = summarize_subset(rows, SUBSET)
    assert found["size"] == "4 of 5 audited tasks"
    assert (found["n"], found["success"], found["checked_success"]) == (3, 2, 1)
    assert found["success_rate"] == pytest.approx(2 / 3) and found["checked_success_rate"] == pytest.approx(1 / 3)
    assert found["missing_tasks"] == ["7"]  # in the subset, no judged row
    assert found["not_audited"] == ["5", "8"]
    text = format_subset(found)
    assert "audited subset: 4 of 5 audited tasks (the evaluation program found sound)\n" in text
    assert "evaluation program's success: 2 of 3 judged programs (66.7%)" in text
    assert "checked success: 1 of 3 judged programs (33.3%)" in text
    assert "1 subset task(s) without a judged row: 7" in text
    assert "rows for 2 task(s) the audit did not audit (not in these figures): 5, 8" in text


def test_the_subset_keeps_to_the_selected_tasks_when_a_selection_is_given() -> None:
    found = summarize_subset(ROWS[:5], SUBSET, selected=["1", "2"])
    assert (found["n"], found["success"], found["missing_tasks"]) == (2, 2, [])
    assert "4 of 5 audited tasks (the evaluation program found sound); 2 of them selected" in format_subset(found)


def test_an_unknown_checked_verdict_on_the_subset_gives_no_checked_rate() -> None:
    subset = AuditedSubset(task_set_digest="abc", audited=("1", "5"), task_ids=("1", "5"))
    found = summarize_subset(ROWS, subset)
    assert found["checked_unknown"] == 1 and found["checked_success_rate"] is None
    assert "checked success: 1 of 2 judged programs (no rate: 1 unknown)" in format_subset(found)
