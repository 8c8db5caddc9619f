"""``aspera run`` and ``aspera summary`` from the command line."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aspera_core.cli.main import build_parser, main
from aspera_core.records import Outcome, ResultRow, ResultsWriter, read_rows
from aspera_core.tasks import load_tasks, write_tasks

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
REPO = Path(__file__).resolve().parents[2]


def aspera(*args: str) -> int:
    return main([str(arg) for arg in args])


def test_run_then_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "reference.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "reference", "--out", out, "--workers", "2") == 0
    err = capsys.readouterr().err
    assert "isolation: processes, rlimits, audit hook" in err
    assert "success=4" in err  # the progress bar's live success count
    assert "4 evaluated (success 4)" in err
    assert aspera("summary", out) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[1].split() == ["success", "4", "100.0%"]
    assert aspera("summary", out, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary == {"n": 4, "success_rate": 1.0, **{o.value: 4 if o is Outcome.SUCCESS else 0 for o in Outcome}}


def test_ids_limit_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "noop.jsonl"
    common = ["run", "--tasks", MINI_RELEASE, "--agent", "noop", "--out", out, "--no-progress"]
    assert aspera(*common, "--ids", "9004,9002", "9003", "--limit", "2") == 0
    assert sorted(r.task_id for r in read_rows(out)) == ["9002", "9003"]
    assert aspera(*common) == 0
    assert "2 already in" in capsys.readouterr().err
    assert sorted(r.task_id for r in read_rows(out)) == ["9001", "9002", "9003", "9004"]


def test_replay(tmp_path: Path) -> None:
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "handback", "--out", first, "--no-progress") == 0
    assert (
        aspera("run", "--tasks", MINI_RELEASE, "--agent", "replay", "--replay", first, "--out", second, "--no-progress")
        == 0
    )
    outcomes = {r.task_id: r.outcome for r in read_rows(second)}
    assert outcomes == {r.task_id: r.outcome for r in read_rows(first)}
    assert outcomes["9003"] is Outcome.SUCCESS


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agent", "oracle"], "unknown agent 'oracle'"),
        (["--agent", "replay"], "--replay"),
        (["--agent", "noop", "--ids", "1"], "unknown task id(s): 1"),
        (["--agent", "noop", "--workers", "0"], "workers must be at least 1"),
    ],
)
def test_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert aspera("run", "--tasks", MINI_RELEASE, "--out", tmp_path / "out.jsonl", "--no-progress", *args) == 2
    assert message in capsys.readouterr().err


def broken_copy(tmp_path: Path) -> Path:
    root = tmp_path / "broken"
    shutil.copytree(MINI_RELEASE, root)
    for path in root.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    return root


def test_a_task_with_a_missing_field_is_reported_by_id_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = broken_copy(tmp_path)
    shard = root / "plans" / "queries_001.nt"
    lines = shard.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.strip() == "query_id: 9002")
    cut = next(i for i in range(start, len(lines)) if lines[i].startswith("    query: "))
    shard.write_text("".join(lines[:cut] + lines[cut + 1 :]), encoding="utf-8")
    assert aspera("run", "--tasks", root, "--agent", "noop", "--out", tmp_path / "out.jsonl") == 2
    err = capsys.readouterr().err
    assert "9002" in err and "query" in err
    assert not (tmp_path / "out.jsonl").exists()


def test_a_task_file_that_is_not_utf8_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = broken_copy(tmp_path)
    shard = root / "plans" / "queries_001.nt"
    shard.write_bytes(shard.read_bytes().replace(b"Ottoline", "Ottolïne".encode("latin-1")))
    assert aspera("run", "--tasks", root, "--agent", "noop", "--out", tmp_path / "out.jsonl") == 2
    assert "UTF-8" in capsys.readouterr().err


def test_summary_of_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert aspera("summary", tmp_path / "nothing.jsonl") == 2
    assert "does not exist" in capsys.readouterr().err


def test_subcommands_are_registered() -> None:
    choices = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {"run", "summary"} <= set(choices)


def test_hostile_programs_do_not_stop_a_run(tmp_path: Path) -> None:
    """Programs that kill their parent, exit the process or write outside run to the end."""
    tasks = load_tasks(MINI_RELEASE)
    escape = tmp_path / "escaped.txt"
    programs = {
        "9001": "import os, signal\n\ndef p():\n    os.kill(os.getppid(), signal.SIGKILL)\n",
        "9002": f"import os\n\ndef p():\n    os.kill({os.getpid()}, 9)\n",
        "9003": "import os\n\ndef p():\n    os._exit(0)\n",
        "9004": f"def p():\n    open({str(escape)!r}, 'w').write('x')\n",
    }
    replay = tmp_path / "hostile.jsonl"
    with ResultsWriter(replay) as writer:
        for task in tasks:
            writer.write(
                ResultRow(
                    task_id=task.query_id,
                    query=task.query,
                    agent="x",
                    program=programs[task.query_id],
                    outcome=Outcome.SUCCESS,
                    duration_s=0,
                    pairs_run=0,
                )
            )
    out = tmp_path / "out.jsonl"
    assert (
        aspera("run", "--tasks", MINI_RELEASE, "--agent", "replay", "--replay", replay, "--out", out, "--no-progress")
        == 0
    )
    rows = read_rows(out)
    assert sorted(r.task_id for r in rows) == ["9001", "9002", "9003", "9004"]
    assert all(r.outcome is Outcome.EXECUTION_ERROR for r in rows)
    assert not escape.exists()


# -- a run killed mid-way and resumed -------------------------------------------------------


def slow_task_set(root: Path, copies: int) -> list[str]:
    """``copies`` variants of the mini tasks under new ids, and a replay file of slow programs."""
    base = load_tasks(MINI_RELEASE)
    tasks = []
    for number in range(copies):
        original = base[number % len(base)]
        tasks.append(
            original.model_copy(
                update={"query_id": str(number + 1), "query": f"{original.query} (variant {number + 1})", "shard": None}
            )
        )
    write_tasks(tasks, root / "set", renumber=True)
    return [task.query_id for task in tasks]


def live_processes_mentioning(text: str) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as handle:
                    if text.encode() in handle.read():
                        with open(f"/proc/{name}/stat") as stat:
                            if stat.read().rsplit(")", 1)[1].split()[0] != "Z":
                                found.append(int(name))
            except OSError:
                continue
    return found


def test_a_killed_run_resumes_with_every_task_exactly_once(tmp_path: Path) -> None:
    ids = slow_task_set(tmp_path, 60)
    replay = tmp_path / "slow.jsonl"
    with ResultsWriter(replay) as writer:
        for task_id in ids:
            program = "import time\n\ndef p():\n    time.sleep(0.04)\n"
            writer.write(
                ResultRow(
                    task_id=task_id,
                    query="q",
                    agent="x",
                    program=program,
                    outcome=Outcome.SUCCESS,
                    duration_s=0,
                    pairs_run=0,
                )
            )
    out = tmp_path / "results.jsonl"
    command = [
        sys.executable,
        "-m",
        "aspera_core.cli.main",
        "run",
        "--tasks",
        str(tmp_path / "set"),
        "--agent",
        "replay",
        "--replay",
        str(replay),
        "--out",
        str(out),
        "--workers",
        "1",
        "--no-progress",
    ]
    process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if out.exists() and out.read_bytes().count(b"\n") >= 10:
            break
        time.sleep(0.005)
    assert process.poll() is None, process.stderr.read().decode()
    process.send_signal(signal.SIGKILL)
    process.wait()
    written_before = out.read_bytes().count(b"\n")
    assert 10 <= written_before < len(ids)

    # the fork server and its workers die with the run
    deadline = time.monotonic() + 10
    while live_processes_mentioning(str(out)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert live_processes_mentioning(str(out)) == []

    finished = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert f"{written_before} already in" in finished.stderr or f"{written_before - 1} already in" in finished.stderr
    rows = read_rows(out)
    assert sorted(int(row.task_id) for row in rows) == sorted(int(i) for i in ids)
    assert all(row.outcome is Outcome.TASK_COMPLETION_ERROR for row in rows)
