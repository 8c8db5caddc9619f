"""``aspera build-tasks``: plans are replaced only by a complete, valid build."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aspera_core.tasks import SHARD_SIZE, load_tasks
from aspera_core.tasks.release import BUILT_MARKER
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
        BUILT_MARKER,
        "README.txt",
        "queries_001.nt",
        "query_id_to_shard.json",
        "query_to_query_id.json",
    ]
    assert (root / "plans" / "README.txt").read_text() == "my notes\n"
    assert len(load_tasks(root)) == SHARD_SIZE


def test_plans_of_a_task_set_the_build_did_not_write_are_neither_removed_nor_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # build-tasks deleted every queries_*.nt it did not produce, whoever had put it there.
    root = tmp_path / "set"
    copy_modules(root, 2)
    (root / "plans").mkdir()
    (root / "plans" / "queries_009.nt").write_text("- my own shard\n")
    (root / "plans" / "query_to_query_id.json").write_text("{}\n")
    before = plans_bytes(root)
    assert main(["build-tasks", str(root)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("aspera build-tasks: error: ")
    assert "did not write (queries_009.nt, query_to_query_id.json; no .aspera-built file)" in err
    assert "nothing was replaced" in err
    assert plans_bytes(root) == before
    assert sorted(p.name for p in root.iterdir()) == ["code", "plans"]  # no staging folder left


def test_within_its_own_plans_the_build_replaces_and_drops_shards(built: Path) -> None:
    (built / "plans" / "queries_009.nt").write_text("- a shard in the build's folder\n")
    shard = built / "plans" / "queries_001.nt"
    built_shard = shard.read_bytes()
    shard.write_text(shard.read_text() + "# an edit\n")
    assert main(["build-tasks", str(built)]) == 0
    assert "queries_009.nt" not in plans_bytes(built) and shard.read_bytes() == built_shard


def test_plans_with_the_manifest_of_an_earlier_version_are_the_builds_own(built: Path) -> None:
    (built / "plans" / BUILT_MARKER).rename(built / "plans" / ".aspera-pipeline.json")
    before = plans_bytes(built)
    assert main(["build-tasks", str(built)]) == 0
    after = plans_bytes(built)  # the old manifest gives way to the marker
    assert after == {name: data for name, data in before.items() if name != ".aspera-pipeline.json"} | {
        BUILT_MARKER: after[BUILT_MARKER]
    }


def test_missing_code_folder_is_one_line_and_exit_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build-tasks", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no code/ folder" in err
