"""``aspera build-tasks``: plans are replaced only by a complete, valid build."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from aspera_core.manifest import MANIFEST
from aspera_core.tasks import SHARD_SIZE, load_tasks
from aspera_workbench.cli.main import main

TASK_SET = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"


def plans_bytes(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((root / "plans").iterdir())}


@pytest.fixture
def built(tmp_path: Path) -> Path:
    root = tmp_path / "set"
    (root / "code").mkdir(parents=True)
    for number in (1001, 1002, 1003):
        shutil.copy(TASK_SET / "code" / f"query_{number}.py", root / "code")
    assert main(["build-tasks", str(root)]) == 0
    return root


def test_a_duplicate_query_fails_and_leaves_the_shards_intact(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = plans_bytes(built)
    capsys.readouterr()
    # a new task whose query repeats task 1001's
    text = (TASK_SET / "code" / "query_1001.py").read_text()
    (built / "code" / "query_1004.py").write_text(text)
    assert main(["build-tasks", str(built)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("aspera build-tasks: ") and "duplicate query" in err and "1004" in err
    assert plans_bytes(built) == before
    assert sorted(p.name for p in built.iterdir()) == ["code", "plans"]  # no staging folder left


def test_a_broken_module_fails_and_leaves_the_shards_intact(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = plans_bytes(built)
    (built / "code" / "query_1002.py").write_text("#OK:\n# Hey, [Assistant], do it.\ndef broken(:\n")
    assert main(["build-tasks", str(built)]) == 2
    assert "query_1002.py" in capsys.readouterr().err
    assert plans_bytes(built) == before


def copy_modules(root: Path, count: int) -> None:
    (root / "code").mkdir(parents=True, exist_ok=True)
    for path in sorted((TASK_SET / "code").glob("query_*.py"))[:count]:
        shutil.copy(path, root / "code")


def test_rebuild_drops_its_own_stale_shards_and_keeps_other_files(tmp_path: Path) -> None:
    root = tmp_path / "set"
    copy_modules(root, SHARD_SIZE + 1)  # two shards
    assert main(["build-tasks", str(root)]) == 0
    assert (root / "plans" / "queries_002.nt").is_file()
    (root / "plans" / "README.txt").write_text("my notes\n")
    for path in sorted((root / "code").glob("query_*.py"))[SHARD_SIZE:]:
        path.unlink()
    assert main(["build-tasks", str(root)]) == 0
    assert sorted(plans_bytes(root)) == [
        MANIFEST,
        "README.txt",
        "queries_001.nt",
        "query_id_to_shard.json",
        "query_to_query_id.json",
    ]
    assert (root / "plans" / "README.txt").read_text() == "my notes\n"
    assert len(load_tasks(root)) == SHARD_SIZE


def test_a_shard_of_the_users_is_neither_removed_nor_replaced(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # build-tasks deleted every queries_*.nt it did not produce, whoever had put it there.
    (built / "plans" / "queries_009.nt").write_text("- my own shard\n")
    before = plans_bytes(built)
    capsys.readouterr()
    assert main(["build-tasks", str(built)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("aspera build-tasks: error: ") and "queries_009.nt" in err
    assert "not written by the workbench" in err and "nothing was replaced or removed" in err
    assert plans_bytes(built) == before
    assert sorted(p.name for p in built.iterdir()) == ["code", "plans"]  # no staging folder left


def test_a_shard_edited_since_the_build_is_not_replaced(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shard = built / "plans" / "queries_001.nt"
    shard.write_text(shard.read_text() + "# my comment\n")
    (built / "code" / "query_1003.py").unlink()  # the build would write queries_001.nt anew
    before = plans_bytes(built)
    capsys.readouterr()
    assert main(["build-tasks", str(built)]) == 2
    err = capsys.readouterr().err
    assert "queries_001.nt: changed since the workbench wrote it" in err
    assert plans_bytes(built) == before


def test_plans_built_before_the_manifest_are_taken_over_when_the_build_writes_the_same_bytes(built: Path) -> None:
    # An earlier version wrote no manifest: a file the build would write byte for byte is harmless to replace.
    (built / "plans" / MANIFEST).unlink()
    before = plans_bytes(built)
    assert main(["build-tasks", str(built)]) == 0
    assert plans_bytes(built) == before | {MANIFEST: (built / "plans" / MANIFEST).read_bytes()}
    listed = json.loads((built / "plans" / MANIFEST).read_text())["notebooks"]
    assert sorted(listed["aspera build-tasks"]) == [
        "queries_001.nt",
        "query_id_to_shard.json",
        "query_to_query_id.json",
    ]


def test_missing_code_folder_is_one_line_and_exit_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build-tasks", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no code/ folder" in err
