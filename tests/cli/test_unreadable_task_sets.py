"""Every command that reads a task set says in one line, exit status 2, that an archive cannot be read."""

from __future__ import annotations

import tarfile
from pathlib import Path

import pytest

from aspera_workbench.cli.main import main

PLANS = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1" / "plans"


@pytest.fixture(scope="module")
def truncated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("archives")
    whole = folder / "whole.tgz"
    with tarfile.open(whole, "w:gz") as archive:
        archive.add(PLANS, arcname="aspera_workbench_v1/plans")
    cut = folder / "cut.tgz"
    cut.write_bytes(whole.read_bytes()[:3000])  # as `head -c 3000 set.tgz` leaves it
    return cut


@pytest.fixture(scope="module")
def renamed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("archives") / "notes.tgz"
    path.write_text("# Notes\n\nA text file renamed to .tgz.\n")
    return path


COMMANDS = {
    "tasks": lambda path, out: ["tasks", "--tasks", path],
    "show": lambda path, out: ["show", "--tasks", path, "1001"],
    "validate": lambda path, out: ["validate", "--tasks", path],
    "stats": lambda path, out: ["stats", "--tasks", path],
    "run": lambda path, out: ["run", "--tasks", path, "--agent", "noop", "--out", out / "r.jsonl", "--no-progress"],
    "audit": lambda path, out: ["audit", "--tasks", path, "--no-progress"],
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("which", ["truncated", "renamed"])
def test_an_unreadable_archive_is_one_line_and_exit_2(
    command: str, which: str, request: pytest.FixtureRequest, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = request.getfixturevalue(which)
    assert main([str(arg) for arg in COMMANDS[command](path, tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    problem = [line for line in captured.err.splitlines() if "error" in line]
    assert problem == [f"aspera {command}: error: {path}: not a readable gzip tar archive (truncated?)"], captured.err
    assert "Traceback" not in captured.err
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def broken_set(tmp_path: Path) -> Path:
    """A task set whose shard has two problems: a record without its query, a repeated id."""
    root = tmp_path / "broken"
    (root / "plans").mkdir(parents=True)
    shard = (PLANS / "queries_001.nt").read_text()
    shard = shard.replace("query_id: 1003\n", "query_id: 1002\n", 1)
    cut = shard.index("query_id: 1004\n")
    shard = shard[:cut] + shard[cut:].replace("    query: Hey", "    query_text: Hey", 1)
    (root / "plans" / "queries_001.nt").write_text(shard)
    return root


@pytest.mark.parametrize("command", ["tasks", "show", "stats", "run", "audit", "judge"])
def test_every_problem_of_a_task_set_that_does_not_load_is_printed(
    command: str, broken_set: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # stats, audit and judge printed the heading "2 problems:" and none of the problems.
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    results = tmp_path / "results.jsonl"
    results.write_text('{"task_id": "1001", "seed": 0, "program": "def f():\\n    pass\\n"}\n')
    arguments = {
        **COMMANDS,
        "judge": lambda path, out: [
            "judge",
            results,
            "--tasks",
            path,
            "--model",
            "m",
            "--base-url",
            "http://127.0.0.1:9/v1",
            "--out",
            out / "j.jsonl",
            "--no-progress",
        ],
    }[command](broken_set, tmp_path / "out")
    assert main([str(arg) for arg in arguments]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"aspera {command}: error: ") and "2 problems:" in err, err
    assert "field 'query': required field is missing" in err and "duplicate query id" in err, err
