"""The audit the notebook reads is made once per task set and settings, then reused; judgements files are found."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks, tasks_digest
from aspera_workbench.audit import AuditFileError, read_audit
from aspera_workbench.pipeline import audit_file, judgements_files

ROOT = Path(__file__).resolve().parents[2]
MINI = "tests/fixtures/mini_release"


def test_the_audit_is_made_once_and_then_reused(tmp_path: Path) -> None:
    shutil.copytree(ROOT / MINI, tmp_path / "set")
    shutil.copytree(ROOT / "tests" / "fixtures" / "mini_wrong", tmp_path / "set" / "wrong")
    results = tmp_path / "results"
    path = audit_file("set", "results", per_kind=1, max_variants=2, workers=2, root=tmp_path)
    digest = tasks_digest(load_tasks(ROOT / MINI))
    assert path == results / f"audit-{digest[:16]}-k1-m2-s0.json"
    report = read_audit(path)
    assert [task.task_id for task in report.tasks] == ["9001", "9002", "9003", "9004"]
    assert report.settings["per_kind"] == 1 and report.settings["max_variants"] == 2
    assert any(v.kind == "hand_written_wrong" for v in report.results)  # the wrong/ folder beside plans/
    stamp = path.stat().st_mtime_ns
    assert audit_file("set", "results", per_kind=1, max_variants=2, workers=2, root=tmp_path) == path
    assert path.stat().st_mtime_ns == stamp  # read again, not made again
    path.write_text("{}")  # a damaged audit of ours is made again
    assert audit_file("set", "results", per_kind=1, max_variants=2, workers=2, root=tmp_path) == path
    assert len(read_audit(path).tasks) == 4


def test_a_named_audit_is_used_as_it_is(tmp_path: Path) -> None:
    named = tmp_path / "mine.json"
    with pytest.raises(FileNotFoundError):
        audit_file(MINI, tmp_path, named, root=ROOT)
    named.write_text('{"format": "something else"}')
    with pytest.raises(AuditFileError, match="mine.json"):
        audit_file(MINI, tmp_path, named, root=ROOT)
    assert named.read_text() == '{"format": "something else"}'
    assert not list(tmp_path.glob("audit-*.json"))  # nothing was audited


def test_judgements_files_are_resolved_against_the_root(tmp_path: Path) -> None:
    (tmp_path / "j.jsonl").write_text("x\n")
    assert judgements_files({"a": "j.jsonl"}, tmp_path) == {"a": tmp_path / "j.jsonl"}
    assert judgements_files(None, tmp_path) == {}
    with pytest.raises(FileNotFoundError, match="label 'b'"):
        judgements_files({"b": "missing.jsonl"}, tmp_path)
