"""Every ``aspera`` command with its stdout or stderr closed, full (``/dev/full``) or a broken pipe (issue 39).

A stdout that cannot be written ends the command with one line on stderr and status 2 (a broken pipe: quietly, 141);
a stderr that cannot be written loses its messages only: the command ends as it would have, its stdout unchanged.
Never a traceback, and what the command writes to its own files is kept. Each command runs under each condition in
this process, through ``main`` with the executable's own streams (``streams.wrapped``) on failing descriptors: a
new interpreter per run would cost some 170 CPU seconds for the lot. The executable itself (``streams.install``:
descriptors closed at start, the flush at exit) runs as a process for a few commands below.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

from aspera_core.records import Experiment
from aspera_core.tasks import load_tasks, tasks_digest
from aspera_workbench.cli import streams
from aspera_workbench.cli.main import SUBCOMMANDS, main
from tests.generation.support import ScriptedModel, mini_tasks, script
from tests.judge.support import results_file
from tests.support.openai_server import Reply, ScriptedOpenAIServer

REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "tests" / "fixtures" / "mini_release"
EMBEDDED = REPO / "data" / "aspera_workbench_v1"
REQUEST = "Hey, [Assistant], I need a 45-minute design review with Ottoline the day after tomorrow, at 2:30 PM."

CONDITIONS = (
    "stdout closed",
    "stdout full",
    "stdout a broken pipe",
    "stderr closed",
    "stderr full",
    "stderr a broken pipe",
)
# The executable's conditions, as a shell makes them (the broken pipes: a pipe whose reading end the test closes).
REDIRECTIONS = {
    "stdout closed": ">&-",
    "stdout full": ">/dev/full",
    "stderr closed": "2>&-",
    "stderr full": "2>/dev/full",
}


@dataclass
class Invocation:
    """A command line, the files its runs write (removed before each run) and the file whose lines it must keep."""

    argv: list[str]
    outputs: list[Path] = field(default_factory=list)
    kept: Path | None = None
    env: dict[str, str] = field(default_factory=dict)

    def clean(self) -> None:
        for path in self.outputs:
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink(missing_ok=True)


@dataclass
class Ran:
    status: int
    out: str
    err: str


def failing_descriptor(condition: str) -> int:
    """A descriptor whose writes fail as the condition's do."""
    if condition.endswith("closed"):
        return os.open(os.devnull, os.O_RDONLY)  # (what the executable holds a closed one with: EBADF)
    if condition.endswith("full"):
        return os.open("/dev/full", os.O_WRONLY)
    reading, writing = os.pipe()
    os.close(reading)
    return writing  # (Python ignores SIGPIPE: EPIPE)


@contextlib.contextmanager
def standard_streams(condition: str | None) -> Iterator[list[str]]:
    """``sys.stdout`` and ``sys.stderr`` as the executable makes them, one of them failing as ``condition`` says; the
    other's text is in the list yielded, once the block has ended (``[out, err]``, ``""`` for the failing one)."""
    failing = condition.split()[0] if condition else None
    files, fds, texts = {}, {}, ["", ""]
    saved = sys.stdout, sys.stderr
    try:
        for name in ("stdout", "stderr"):
            if name == failing:
                fds[name] = failing_descriptor(condition or "")
            else:
                files[name] = tempfile.TemporaryFile()
                fds[name] = os.dup(files[name].fileno())
        sys.stdout = streams.wrapped(fds["stdout"])
        sys.stderr = streams.wrapped(fds["stderr"], dropping=True)
        yield texts
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):  # (what a failed stream still holds is dropped)
                stream.flush()
        sys.stdout, sys.stderr = saved
        for fd in fds.values():
            os.close(fd)
        for index, name in enumerate(("stdout", "stderr")):
            if name in files:
                files[name].seek(0)
                texts[index] = files[name].read().decode()
                files[name].close()


def run_in_process(invocation: Invocation, condition: str | None, monkeypatch: pytest.MonkeyPatch) -> Ran:
    invocation.clean()
    with monkeypatch.context() as patched:
        for name, value in invocation.env.items():
            patched.setenv(name, value)
        with standard_streams(condition) as texts:
            status = main(invocation.argv)
    return Ran(status, *texts)


def execute(invocation: Invocation, folder: Path, condition: str | None) -> Ran:
    """The ``aspera`` executable (its entry point) run as a process under ``condition``."""
    invocation.clean()
    command = [sys.executable, "-m", "aspera_workbench.cli.main", *invocation.argv]
    redirection = REDIRECTIONS.get(condition or "")
    if redirection is not None:
        command = ["bash", "-c", f'exec "$@" {redirection}', "bash", *command]
    pipes = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    child = subprocess.Popen(command, cwd=folder, env={**os.environ, **invocation.env}, **pipes)  # type: ignore[call-overload]
    broken = condition.split()[0] if condition and condition.endswith("broken pipe") else None
    if broken:
        getattr(child, broken).close()  # as `| head` does, before the command writes
    out, err = (b"" if name == broken else getattr(child, name).read() for name in ("stdout", "stderr"))
    return Ran(child.wait(timeout=300), out.decode(), err.decode())


def kept_rows(path: Path | None) -> int | None:
    return None if path is None else len(path.read_text().splitlines())


def check_every_condition(invocation: Invocation, run: Callable[[str | None], Ran]) -> None:
    usual = run(None)
    assert "Traceback" not in usual.out + usual.err, usual.err
    rows = kept_rows(invocation.kept)
    words = [word for word in invocation.argv if not word.startswith("-")]
    command = f"aspera {words[0]}" if words and not invocation.argv[0].startswith("-") else "aspera"
    for condition in CONDITIONS:
        ran = run(condition)
        seen = f"{condition}: status {ran.status}\nstdout: {ran.out[-2000:]}\nstderr: {ran.err[-2000:]}"
        assert "Traceback" not in ran.out + ran.err, seen
        if condition.startswith("stdout") and usual.out:
            if condition.endswith("broken pipe"):
                assert ran.status == 141 and "cannot write" not in ran.err, seen  # (quietly, as SIGPIPE would)
            else:
                reason = "Bad file descriptor" if condition.endswith("closed") else "No space left on device"
                assert ran.status == 2, seen
                assert ran.err.splitlines()[-1] == f"{command}: error: cannot write standard output: {reason}", seen
        else:  # (stdout unused, or stderr lost: the command does what it does without it)
            assert ran.status == usual.status, seen
            if condition.startswith("stderr"):
                assert ran.out == usual.out, seen  # (its messages went nowhere, not to stdout)
        if condition.startswith("stderr") or not usual.out:
            assert kept_rows(invocation.kept) == rows, seen


@pytest.fixture(scope="module")
def reference_results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tasks = load_tasks(MINI)
    experiment = Experiment(
        agent="reference", task_set=str(MINI), task_set_digest=tasks_digest(tasks), workbench_version="test"
    )
    rows = [{"task_id": t.query_id, "program": t.program, "query": t.query, "outcome": "success"} for t in tasks]
    return results_file(tmp_path_factory.mktemp("results") / "reference.jsonl", rows, experiment)


@pytest.fixture(scope="module")
def inspect_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from aspera_workbench.inspect_bridge.task import asper_bench
    from tests.inspect.test_import import log_of

    return log_of(tmp_path_factory.mktemp("inspect"), asper_bench(tasks=str(EMBEDDED), ids="1001,1004"), "logs")


def judge_answers(request: object) -> Reply:
    return Reply.text("Checked.\nVerdict: correct")


INVOCATIONS: dict[str, Callable[..., Invocation]] = {
    "--help": lambda tmp, **_: Invocation(["--help"]),
    "build-tasks": lambda tmp, **_: Invocation(["build-tasks", str(tmp / "set")], [tmp / "set" / "plans"]),
    "validate": lambda tmp, **_: Invocation(["validate", "--tasks", str(MINI), "--workers", "1"]),
    "tasks": lambda tmp, **_: Invocation(["tasks", "--tasks", str(MINI)]),
    "show": lambda tmp, **_: Invocation(["show", "--tasks", str(MINI), "9001"]),
    "run": lambda tmp, **_: Invocation(
        ["run", "--tasks", str(MINI), "--agent", "reference", "--out", "r.jsonl", "--workers", "1"],
        [tmp / "r.jsonl"],
        tmp / "r.jsonl",
    ),
    "summary": lambda tmp, results, **_: Invocation(["summary", str(results), "--tasks", str(MINI)]),
    "audit": lambda tmp, **_: Invocation(
        ["audit", "--tasks", str(MINI), "--limit", "1", "--max-variants", "1", "--workers", "1", "--out", "a.json"],
        [tmp / "a.json"],
    ),
    "judge": lambda tmp, results, server, **_: Invocation(
        ["judge", str(results), "--model", "m", "--base-url", server.base_url, "--api-key-env", "ASPERA_TEST_KEY"]
        + ["--out", "j.jsonl", "--cache-dir", "cache"],
        [tmp / "j.jsonl", tmp / "prompts", tmp / "cache"],
        tmp / "j.jsonl",
        {"ASPERA_TEST_KEY": "secret"},
    ),
    "stats": lambda tmp, **_: Invocation(["stats", "--tasks", str(MINI)]),
    "pipeline": lambda tmp, **_: Invocation(
        ["pipeline", str(REPO / "params" / "mini.yaml"), "-p", "notebooks=[]", "-p", f"figures_dir={tmp / 'figures'}"]
        + ["-p", f"runs_dir={tmp / 'runs'}", "-p", f"results_dir={tmp / 'results'}"],
        [tmp / "figures", tmp / "runs", tmp / "results"],
    ),
    "generate": lambda tmp, **_: Invocation(
        ["generate", "--params", str(tmp / "generate.yaml")],
        [tmp / "out", tmp / "session.jsonl", tmp / "cache", tmp / "prompts"],
        env={"OPENAI_API_KEY": "test-key"},
    ),
    "import-inspect": lambda tmp, log, **_: Invocation(
        ["import-inspect", str(log), "--out", "i.jsonl"], [tmp / "i.jsonl"], tmp / "i.jsonl"
    ),
}


def test_every_command_is_covered() -> None:
    assert set(INVOCATIONS) == {"--help", *SUBCOMMANDS}


@pytest.mark.parametrize("command", list(INVOCATIONS))
def test_a_command_ends_in_one_line_when_its_output_cannot_be_written(
    command: str,
    tmp_path: Path,
    scripted_openai: ScriptedOpenAIServer,
    reference_results: Path,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    invocation = invocation_of(command, tmp_path, scripted_openai, reference_results, request)
    check_every_condition(invocation, lambda condition: run_in_process(invocation, condition, monkeypatch))


def invocation_of(
    command: str, tmp_path: Path, server: ScriptedOpenAIServer, results: Path, request: pytest.FixtureRequest
) -> Invocation:
    if command == "build-tasks":
        (tmp_path / "set" / "code").mkdir(parents=True)
        for name in ("query_1001.py", "query_1002.py"):
            shutil.copy(EMBEDDED / "code" / name, tmp_path / "set" / "code" / name)
    if command == "judge":
        server.script(judge_answers)
    if command == "generate":
        script(server, ScriptedModel({REQUEST: next(iter(mini_tasks().values()))}, batches=[[REQUEST]]))
        settings = {"model": "scripted-model", "base_url": server.base_url, "out": str(tmp_path / "out")}
        settings |= {"session": str(tmp_path / "session.jsonl"), "cache_dir": str(tmp_path / "cache")}
        settings |= {"prompts_dir": str(tmp_path / "prompts"), "examples_from": str(MINI), "workers": 1}
        settings |= {"rounds": [{"tasks": 1, "focus": "design reviews"}], "mutants": 2, "rewrites": 0}
        (tmp_path / "generate.yaml").write_text(yaml.safe_dump(settings))
    log = request.getfixturevalue("inspect_log") if command == "import-inspect" else None
    return INVOCATIONS[command](tmp_path, results=results, server=server, log=log)


@pytest.mark.parametrize("command", ["--help", "tasks", "run"])
def test_the_executable_ends_in_one_line_when_its_output_cannot_be_written(
    command: str, tmp_path: Path, scripted_openai: ScriptedOpenAIServer, reference_results: Path, request
) -> None:
    """The executable's own part: descriptors closed at start held, and nothing left for Python's flush at exit."""
    invocation = invocation_of(command, tmp_path, scripted_openai, reference_results, request)
    check_every_condition(invocation, lambda condition: execute(invocation, tmp_path, condition))


def test_a_closed_stdout_is_never_taken_by_a_file_the_command_opens(tmp_path: Path) -> None:
    """Descriptor 1, closed at start, stays taken: the results file opened next must not become stdout."""
    out = tmp_path / "r.jsonl"
    argv = ["run", "--tasks", str(MINI), "--agent", "reference", "--out", str(out), "--workers", "1"]
    command = ["bash", "-c", 'exec "$@" >&-', "bash", sys.executable, "-m", "aspera_workbench.cli.main", *argv]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 5 and all("task_id" in row for row in rows[1:])  # (a header, then a row per task)
