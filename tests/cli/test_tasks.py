"""``aspera tasks``: the tasks of a set, with a count line stating the denominator."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks, write_tasks
from aspera_workbench.cli.main import main

REPO = Path(__file__).resolve().parents[2]
TASK_SET = REPO / "data" / "aspera_workbench_v1"
MINI_RELEASE = REPO / "tests" / "fixtures" / "mini_release"


def test_lists_every_task_with_a_count_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tasks", "--tasks", str(TASK_SET)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["id", "pairs", "tags", "query"]
    assert len(lines) == 1 + 84 + 1
    first = lines[1].split(maxsplit=2)
    assert first[:2] == ["1001", "1"] and "action, relative_dates" in lines[1]
    assert lines[1].endswith("Hey, [Assistant], block 3 to 4 PM the day after tomorrow for focused writing.")
    assert lines[-1] == f"84 of 84 tasks (108 setup/evaluation pairs) in {TASK_SET}"


def test_a_tag_filter_states_the_denominator(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tasks", "--tasks", str(TASK_SET), "--tag", "handback"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"15 of 84 tasks tagged 'handback' (30 setup/evaluation pairs) in {TASK_SET}"
    assert len(lines) == 1 + 15 + 1


def test_a_tag_no_task_carries_is_noted_with_the_tags_the_set_has(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tasks", "--tasks", str(TASK_SET), "--tag", "handbak"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1].startswith("0 of 84 tasks tagged 'handbak'")
    note = captured.err.strip()
    assert note.startswith("aspera tasks: note: no task carries the tag 'handbak'; the set's tags: ")
    assert "handback" in note.split("the set's tags: ")[1].split(", ")


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tasks", "--tasks", str(MINI_RELEASE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["shown"], data["total"], data["pairs"], data["index"], data["notes"]) == (4, 4, 4, "checked", [])
    assert data["tasks"][2] == {
        "id": "9003",
        "pairs": 1,
        "tags": [],
        "query": "Hey, [Assistant], push my catch-up with Wendeline back by an hour.",
    }
    assert len(data["digest"]) == 64


def test_notes_go_to_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shard = tmp_path / "queries_001.nt"
    shard.write_bytes((MINI_RELEASE / "plans" / "queries_001.nt").read_bytes())
    assert main(["tasks", "--tasks", str(shard)]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("aspera tasks: note: no index files")
    assert captured.out.splitlines()[-1] == f"4 of 4 tasks (4 setup/evaluation pairs) in {shard}"


def test_a_set_missing_a_shard_is_exit_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_tasks(load_tasks(MINI_RELEASE), tmp_path, shard_size=2, renumber=True)
    (tmp_path / "plans" / "queries_002.nt").unlink()
    assert main(["tasks", "--tasks", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "lists 2 tasks in queries_002.nt (9003, 9004), but there is no such shard" in captured.err
