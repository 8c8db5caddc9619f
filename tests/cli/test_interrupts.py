"""Interrupting a command: one clear line, status 130, no traceback, no wait for requests in flight.

`timeout -s INT` and impatient users both deliver the interrupt twice in quick succession (timeout
signals the command and then its whole process group), so the tests do the same.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from aspera_core.records import read_rows
from aspera_core.tasks import load_tasks
from tests.cli.test_judge import judge_args, results  # noqa: F401 - the fixture is used by name
from tests.cli.test_run_and_summary import REPO, slow_task_set, write_programs
from tests.support.openai_server import Reply, ScriptedOpenAIServer


def start(command: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "aspera_workbench.cli.main", *command],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )


def interrupt_twice(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGINT)
    time.sleep(0.01)
    process.send_signal(signal.SIGINT)


def wait_for(condition, seconds: float = 60) -> None:  # noqa: ANN001 - a predicate
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)


def test_a_run_interrupted_twice_says_so_once_and_resumes(tmp_path: Path) -> None:
    ids = slow_task_set(tmp_path, 40)
    replay = tmp_path / "slow.jsonl"
    write_programs(replay, dict.fromkeys(ids, "import time\n\ndef p():\n    time.sleep(0.05)\n"))
    out = tmp_path / "results.jsonl"
    command = ["run", "--tasks", str(tmp_path / "set"), "--agent", "replay", "--replay", str(replay)]
    command += ["--out", str(out), "--workers", "1", "--no-progress"]
    process = start(command)
    wait_for(lambda: out.exists() and out.read_bytes().count(b"\n") >= 4 or process.poll() is not None)
    assert process.poll() is None, process.stderr.read()  # type: ignore[union-attr]
    interrupt_twice(process)
    _, stderr = process.communicate(timeout=60)

    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert stderr.count(": interrupted") == 1, stderr
    assert "run the same command to resume" in stderr

    finished = subprocess.run(
        [sys.executable, "-m", "aspera_workbench.cli.main", *command],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert finished.returncode == 0, finished.stderr


def test_an_interrupted_judge_does_not_wait_for_the_requests_in_flight(
    tmp_path: Path,
    results: Path,  # noqa: F811 - the fixture
    scripted_openai: ScriptedOpenAIServer,
) -> None:
    scripted_openai.script([Reply.hang(60)], repeat_last=True)
    out = tmp_path / "judgements.jsonl"
    process = start(judge_args(scripted_openai, results, out), env={"ASPERA_TEST_KEY": "secret"})
    wait_for(lambda: len(scripted_openai.chat_requests) >= 1 or process.poll() is not None)
    assert process.poll() is None, process.stderr.read()  # type: ignore[union-attr]
    interrupted_at = time.monotonic()
    interrupt_twice(process)
    _, stderr = process.communicate(timeout=90)
    took = time.monotonic() - interrupted_at

    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert stderr.count(": interrupted") == 1, stderr
    # every request hangs for 60 s: exiting well before means nothing waited for them
    assert took < 30, f"the judge waited {took:.1f} s for requests in flight after the interrupt"


def test_an_interrupted_model_run_still_says_what_it_spent(
    tmp_path: Path, scripted_openai: ScriptedOpenAIServer
) -> None:
    scripted_openai.script([Reply.text("```python\ndef solve():\n    pass\n```")], repeat_last=True)
    scripted_openai.latency_s = 0.3
    out = tmp_path / "cck.jsonl"
    command = ["run", "--tasks", str(REPO / "tests" / "fixtures" / "mini_release"), "--agent", "cck"]
    command += ["--model", "scripted-model", "--base-url", scripted_openai.base_url, "--api-key-env", "ASPERA_TEST_KEY"]
    command += ["--out", str(out), "--concurrency", "1", "--no-cache", "--no-progress"]
    process = start(command, env={"ASPERA_TEST_KEY": "secret"})
    wait_for(lambda: len(scripted_openai.chat_requests) >= 2 or process.poll() is not None)
    assert process.poll() is None, process.stderr.read()  # type: ignore[union-attr]
    interrupt_twice(process)
    _, stderr = process.communicate(timeout=60)

    assert process.returncode == 130, stderr
    assert "aspera run: model use: " in stderr, stderr
    assert "model call" in stderr.split("model use: ", 1)[1]


def test_an_interrupted_force_new_run_names_the_file_it_wrote_and_resumes_it(
    tmp_path: Path, scripted_openai: ScriptedOpenAIServer
) -> None:
    release = REPO / "tests" / "fixtures" / "mini_release"
    queries = {task.query_id: task.query for task in load_tasks(release)}
    out = tmp_path / "cck.jsonl"
    finished = subprocess.run(  # another experiment in --out
        [sys.executable, "-m", "aspera_workbench.cli.main", "run", "--tasks", str(release), "--agent", "noop"]
        + ["--out", str(out), "--no-progress"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert finished.returncode == 0, finished.stderr
    before = out.read_bytes()
    scripted_openai.script([Reply.text("```python\ndef solve():\n    pass\n```")], repeat_last=True)
    scripted_openai.latency_s = 1.0
    command = ["run", "--tasks", str(release), "--agent", "cck", "--model", "scripted-model"]
    command += ["--base-url", scripted_openai.base_url, "--api-key-env", "ASPERA_TEST_KEY", "--force-new"]
    command += ["--out", str(out), "--concurrency", "1", "--no-cache", "--no-progress"]
    written = tmp_path / "cck.2.jsonl"
    process = start(command, env={"ASPERA_TEST_KEY": "secret"})
    wait_for(lambda: written.exists() and written.read_bytes().count(b"\n") >= 2 or process.poll() is not None)
    assert process.poll() is None, process.stderr.read()  # type: ignore[union-attr]
    interrupt_twice(process)
    _, stderr = process.communicate(timeout=60)

    assert process.returncode == 130, stderr
    assert f"finished rows are in {written}; run the same command to resume" in stderr, stderr
    assert f"{out} holds another experiment; this run writes to {written}" in stderr, stderr
    done = {row.task_id for row in read_rows(written)}
    asked = len(scripted_openai.chat_requests)
    assert done and len(done) < 4

    resumed = subprocess.run(
        [sys.executable, "-m", "aspera_workbench.cli.main", *command],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "ASPERA_TEST_KEY": "secret"},
    )
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(done)} already in {written}" in resumed.stderr, resumed.stderr
    again = [request.last_user_text for request in scripted_openai.chat_requests[asked:]]
    assert len(again) == 4 - len(done)
    assert not [text for text in again if any(queries[task_id] in text for task_id in done)]
    assert sorted(row.task_id for row in read_rows(written)) == sorted(queries)
    assert out.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir() if path.suffix == ".jsonl") == ["cck.2.jsonl", "cck.jsonl"]
