"""Rates with denominators, the text report, and the audit file (written atomically)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspera_workbench.audit import (
    AuditFileError,
    AuditReport,
    Rate,
    TaskAudit,
    VariantResult,
    audit_file_problem,
    format_report,
    read_audit,
)


def result(kind: str, expected: str | None, status: str, actual: str | None = None) -> VariantResult:
    if actual is None:
        actual = expected if status in ("ok", "undetermined") else ("pass" if expected == "fail" else "fail")
    return VariantResult(kind, "generated", f"{kind} change", "def f():\n    pass\n", expected, actual or "fail",
                         "success" if actual == "pass" else "task_completion_error", None, None, status)  # fmt: skip


REPORT = AuditReport(
    tasks=(
        TaskAudit("1", "Hey, [Assistant], book it.", 1, (
            result("reference", "pass", "ok"),
            result("drop_action", "fail", "flagged"),
            result("drop_action", "fail", "ok"),
            result("drop_action", "fail", "equivalent"),
            result("rename_variables", "pass", "ok"),
        )),
        TaskAudit("2", "Hey, [Assistant], answer it.", 2, (
            result("reference", "pass", "ok"),
            result("rename_variables", "pass", "flagged"),
            result("rename_variables", "pass", "not_equivalent"),
            result("noop", None, "undetermined", actual="fail"),
        ), problems=("the reference program's behaviour could not be observed",)),
    ),
    settings={"per_kind": 3},
    source="set",
    created="2026-01-01T00:00:00+00:00",
    task_set_digest="ab" * 32,
)  # fmt: skip


def test_rates_count_only_judged_programs() -> None:
    assert REPORT.rate("fail") == Rate(1, 2)
    assert REPORT.rate("pass") == Rate(1, 4)
    assert str(Rate(1, 4)) == "1/4 (25.0%)" and str(Rate(0, 0)) == "0/0" and Rate(0, 0).value is None
    rows = {(row.kind, row.expected): row for row in REPORT.kinds()}
    assert rows["drop_action", "fail"].rate == Rate(1, 2)
    assert rows["drop_action", "fail"].excluded == {"equivalent": 1}
    assert rows["rename_variables", "pass"].rate == Rate(1, 2)
    assert ("noop", None) not in rows  # undecided: in no rate
    assert [task.task_id for task in REPORT.weakest()] == ["1", "2"]  # false acceptances first


def test_format_report_states_denominators_and_what_slipped_through() -> None:
    text = format_report(REPORT)
    assert "false-rejection rate (programs that must pass, rejected): 1/4 (25.0%)" in text
    assert "false-acceptance rate (programs that must fail, accepted): 1/2 (50.0%)" in text
    assert "drop_action            fail  1/2 (50.0%)        equivalent 1" in text
    assert "    accepted drop_action: drop_action change" in text
    assert "    rejected rename_variables: rename_variables change (task_completion_error)" in text
    assert "  task 2: the reference program's behaviour could not be observed" in text
    assert "1        " in text.split("task     programs")[1]  # the per-task table
    assert "weakest evaluation programs: none" in format_report(AuditReport(()))


def test_write_and_read_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "audit.json"
    REPORT.write(path)
    assert read_audit(path) == REPORT
    data = json.loads(path.read_text())
    assert data["format"] == "aspera-audit" and data["flagged"] == 2
    assert data["tasks"][0]["false_acceptance"] == {"errors": 1, "judged": 2, "rate": 0.5}
    assert [p.name for p in tmp_path.iterdir()] == ["audit.json"]
    assert data["task_set_digest"] == "ab" * 32


def test_an_audit_file_written_before_the_digest_was_recorded_still_loads(tmp_path: Path) -> None:
    data = REPORT.to_json()
    del data["task_set_digest"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    old = read_audit(path)
    assert old.task_set_digest == "" and old.tasks == REPORT.tasks and old.source == "set"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "audit.json"
    path.write_text("the previous audit\n")

    def broken(*args, **kwargs):
        raise OSError(28, "disk full")

    monkeypatch.setattr(Path, "open", broken)  # as the temporary file is written
    with pytest.raises(OSError, match="disk full") as raised:
        REPORT.write(path)
    monkeypatch.undo()
    assert raised.value.filename == str(path)
    assert path.read_text() == "the previous audit\n"
    assert [p.name for p in tmp_path.iterdir()] == ["audit.json"]


def test_audit_file_problem_accepts_only_what_an_audit_may_replace(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    assert audit_file_problem(path) is None  # a new file
    path.write_text("\n")
    assert audit_file_problem(path) is None  # an empty one
    REPORT.write(path)
    assert audit_file_problem(path) is None
    path.write_text('{"format": "aspera-audit", "version": 99}')
    assert audit_file_problem(path) is None  # an audit of another version is still an audit
    for content, problem in [
        (b"# README\n", "not an audit file (not JSON)"),
        (b"\xff\xfe\x00", "not an audit file (not JSON)"),
        (b'{"task_id": "1"}\n{"task_id": "2"}\n', "not an audit file (not JSON)"),
        (b'[{"format": "aspera-audit"}]', 'not an audit file (JSON without "format": "aspera-audit")'),
    ]:
        path.write_bytes(content)
        assert audit_file_problem(path) == problem
    assert audit_file_problem(tmp_path) == "not a regular file"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not JSON"),
        ('{"format": "other"}', "not an audit file"),
        ('{"format": "aspera-audit", "version": 99}', "version 99 is not supported"),
        ('{"format": "aspera-audit", "version": 1, "tasks": [{"task_id": "1"}]}', "malformed audit file"),
    ],
)
def test_read_audit_rejects_other_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(content)
    with pytest.raises(AuditFileError, match=message):
        read_audit(path)
