"""Every command that reads a task set says in one line, exit status 2, that an archive cannot be read."""

from __future__ import annotations

import tarfile
from pathlib import Path

import pytest

from aspera_core.cli.main import main

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
