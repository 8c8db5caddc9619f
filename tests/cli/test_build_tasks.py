"""``aspera build-tasks``: plans are replaced only by a complete, valid build."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aspera_core.cli.main import main
from aspera_core.tasks import load_tasks

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


def test_rebuild_drops_shards_of_removed_tasks_and_keeps_other_files(built: Path) -> None:
    (built / "plans" / "queries_009.nt").write_text("- stale\n")
    (built / "plans" / "README.txt").write_text("my notes\n")
    (built / "code" / "query_1003.py").unlink()
    assert main(["build-tasks", str(built)]) == 0
    assert sorted(plans_bytes(built)) == [
        "README.txt",
        "queries_001.nt",
        "query_id_to_shard.json",
        "query_to_query_id.json",
    ]
    assert (built / "plans" / "README.txt").read_text() == "my notes\n"
    assert [t.query_id for t in load_tasks(built)] == ["1001", "1002"]


def test_missing_code_folder_is_one_line_and_exit_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build-tasks", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no code/ folder" in err
