"""``aspera run`` and ``aspera summary`` from the command line."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aspera_core.records import Outcome, read_rows
from aspera_core.runner import RunWarning
from aspera_core.tasks import load_tasks, write_tasks
from aspera_workbench.cli.main import build_parser, main
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
REPO = Path(__file__).resolve().parents[2]


def aspera(*args: str) -> int:
    return main([str(arg) for arg in args])


def write_programs(path: Path, programs: dict[str, str]) -> None:
    """A replay file in the minimal format: one JSON object with task_id and program per line."""
    path.write_text("".join(json.dumps({"task_id": i, "program": p}) + "\n" for i, p in programs.items()))


def test_run_then_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "reference.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "reference", "--out", out, "--workers", "2") == 0
    err = capsys.readouterr().err
    assert "isolation: processes, rlimits, audit hook" in err
    assert "success=4" in err  # the progress bar's live success count
    assert "4 evaluated (success 4); 0 already in" in err and "of 4 expected (4 tasks)" in err
    assert aspera("summary", out) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].startswith("experiment: agent reference, model -, setting -, task set")
    assert text.splitlines()[2].split() == ["success", "4", "100.0%"]
    assert aspera("summary", out, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["n"], summary["success_rate"], summary["rows"], summary["tasks"]) == (4, 1.0, 4, 4)
    assert {o.value: summary[o.value] for o in Outcome} == {o.value: 4 if o is Outcome.SUCCESS else 0 for o in Outcome}
    assert summary["experiment"]["agent"] == "reference"


def test_the_start_line_counts_workers_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for workers, words in [("1", "; 1 worker, "), ("2", "; 2 workers, ")]:
        out = tmp_path / f"noop{workers}.jsonl"
        assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "noop", "--out", out, "--workers", workers) == 0
        start = capsys.readouterr().err.splitlines()[0]
        assert words in start and "(s)" not in start, start


def test_ids_limit_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "noop.jsonl"
    common = ["run", "--tasks", MINI_RELEASE, "--agent", "noop", "--out", out, "--no-progress"]
    assert aspera(*common, "--ids", "9004,9002", "9003", "--limit", "2") == 0
    assert sorted(r.task_id for r in read_rows(out)) == ["9002", "9003"]
    assert aspera(*common) == 0
    assert "2 evaluated (task_completion_error 2); 2 already in" in capsys.readouterr().err
    assert sorted(r.task_id for r in read_rows(out)) == ["9001", "9002", "9003", "9004"]


@pytest.mark.parametrize(
    ("limit", "seeds", "expected"),
    [("1", ["0"], "of 1 expected (1 task x 1 seed)"), ("2", ["0", "1"], "of 4 expected (2 tasks x 2 seeds)")],
)
def test_the_expected_count_says_task_and_seed_in_singular_and_plural(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], limit: str, seeds: list[str], expected: str
) -> None:
    out = tmp_path / "mutant.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "mutant", "--out", out, "--no-progress",
                  "--limit", limit, "--seeds", *seeds) == 0  # fmt: skip
    assert capsys.readouterr().err.rstrip().endswith(expected)


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
        (
            ["--agent", "noop", "--ids", "1"],
            f"unknown task id(s): 1: not in {MINI_RELEASE} (4 tasks, ids 9001 to 9004)",
        ),
        (
            ["--agent", "noop", "--workers", "0"],
            "argument --workers: Input should be greater than or equal to 1, got '0'",
        ),
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
    choices = build_parser(full=True)._subparsers._group_actions[0].choices  # type: ignore[union-attr]
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
    write_programs(replay, {task.query_id: programs[task.query_id] for task in tasks})
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
    write_programs(replay, dict.fromkeys(ids, "import time\n\ndef p():\n    time.sleep(0.04)\n"))
    out = tmp_path / "results.jsonl"
    command = [
        sys.executable,
        "-m",
        "aspera_workbench.cli.main",
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
    temporary = tmp_path / "tmp"  # where the sandbox makes its folder
    temporary.mkdir()
    environment = {**os.environ, "TMPDIR": str(temporary)}
    process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if out.exists() and out.read_bytes().count(b"\n") >= 11:  # the header and ten rows
            break
        time.sleep(0.005)
    assert process.poll() is None, process.stderr.read().decode()
    process.send_signal(signal.SIGKILL)
    process.wait()
    written_before = out.read_bytes().count(b"\n") - 1  # the header line
    assert 10 <= written_before < len(ids)

    # the fork server and its workers die with the run
    deadline = time.monotonic() + 10
    while live_processes_mentioning(str(out)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert live_processes_mentioning(str(out)) == []
    # ... and leave no sandbox folder behind (one stayed in the temporary folder per killed run)
    deadline = time.monotonic() + 10
    while list(temporary.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert list(temporary.iterdir()) == []

    finished = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert f"{written_before} already in" in finished.stderr or f"{written_before - 1} already in" in finished.stderr
    rows = read_rows(out)
    assert sorted(int(row.task_id) for row in rows) == sorted(int(i) for i in ids)
    assert all(row.outcome is Outcome.TASK_COMPLETION_ERROR for row in rows)


# -- files that are not ours, other experiments, denominators -------------------------------


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("README.md", "# Notes\n\nkeep me\n"),
        ("analysis.ipynb", json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})),
        ("table.csv", "task_id,outcome\n1,success\n"),
    ],
)
def test_run_never_writes_into_a_file_that_is_not_a_results_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: str
) -> None:
    target = tmp_path / name
    target.write_text(content)
    for force_new in ([], ["--force-new"]):  # --force-new is for another experiment, not for another kind of file
        assert (
            aspera("run", "--tasks", MINI_RELEASE, "--agent", "reference", "--out", target, "--no-progress", *force_new)
            == 2
        )
        err = capsys.readouterr().err
        assert "not a results file" in err and "Traceback" not in err
        assert target.read_text() == content
        assert [path.name for path in tmp_path.iterdir()] == [name]


def test_a_refused_out_is_the_only_line_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    readme = tmp_path / "R.md"
    readme.write_text("# Notes\n")
    other = tmp_path / "noop.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "noop", "--out", other, "--no-progress") == 0
    blocked = tmp_path / "R.md" / "x.jsonl"
    capsys.readouterr()
    for out, options in [(readme, ["--force-new"]), (readme, []), (other, []), (blocked, [])]:
        assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "reference", "--out", out, *options) == 2
        lines = capsys.readouterr().err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("aspera run: error: "), lines
    assert readme.read_text() == "# Notes\n" and len(read_rows(other)) == 4


def test_resuming_warns_of_malformed_lines_as_summary_does(tmp_path: Path) -> None:
    out = tmp_path / "noop.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "noop", "--out", out, "--no-progress", "--limit", "3") == 0
    lines = out.read_text().splitlines(keepends=True)
    lines[2] = "damaged\n"  # the second row (line 3)
    out.write_text("".join(lines))

    def stderr(*args: object) -> str:  # warnings reach stderr only outside pytest's capture of them
        command = [sys.executable, "-m", "aspera_workbench.cli.main", *map(str, args)]
        finished = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=120)
        assert finished.returncode == 0, finished.stderr
        return finished.stderr

    warning = f"{out}:3: skipped: not valid JSON ("
    assert f"aspera summary: warning: {warning}" in stderr("summary", out)
    err = stderr("run", "--tasks", MINI_RELEASE, "--agent", "noop", "--out", out, "--no-progress")
    assert f"aspera run: warning: {warning}" in err
    assert "2 evaluated (task_completion_error 2); 2 already in" in err


def test_running_another_agent_into_a_results_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "reference.jsonl"
    common = ["--tasks", MINI_RELEASE, "--out", out, "--no-progress"]
    assert aspera("run", "--agent", "reference", *common) == 0
    before = out.read_bytes()
    capsys.readouterr()
    assert aspera("run", "--agent", "noop", *common) == 2
    err = capsys.readouterr().err
    assert "holds 4 rows of another experiment (agent: 'reference' != 'noop')" in err and "--force-new" in err
    assert out.read_bytes() == before
    assert aspera("run", "--agent", "noop", *common, "--force-new") == 0
    assert f"{out} holds another experiment; this run writes to {tmp_path / 'reference.2.jsonl'}" in (
        capsys.readouterr().err
    )
    assert out.read_bytes() == before
    assert {r.agent for r in read_rows(tmp_path / "reference.2.jsonl")} == {"noop"}
    # The same command again resumes the file it started; --out of this very experiment is resumed itself.
    assert aspera("run", "--agent", "noop", *common, "--force-new") == 0
    assert "0 evaluated (nothing new); 4 already in " + str(tmp_path / "reference.2.jsonl") in capsys.readouterr().err
    assert aspera("run", "--agent", "reference", *common, "--force-new") == 0
    err = capsys.readouterr().err
    assert "holds another experiment" not in err and f"4 already in {out};" in err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["reference.2.jsonl", "reference.jsonl"]


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
def test_non_finite_or_non_positive_timeouts_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    out = tmp_path / "out.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "noop", "--out", out, "--timeout", value) == 2
    err = capsys.readouterr().err
    assert (
        f"argument --timeout: Input should be {'greater than 0' if value in ('0', '-1') else 'a finite number'}, got {value!r}"
        in err
        and "Traceback" not in err
    )
    assert not out.exists()


@pytest.mark.parametrize("agent", ["cck", "noop"])
@pytest.mark.parametrize(
    ("option", "value", "expected"),
    [
        ("--temperature", "-1", "argument --temperature: Input should be greater than or equal to 0, got '-1'"),
        ("--temperature", "nan", "argument --temperature: Input should be a finite number, got 'nan'"),
        ("--temperature", "inf", "argument --temperature: Input should be a finite number, got 'inf'"),
        ("--max-cost", "-1", "argument --max-cost: Input should be greater than or equal to 0, got '-1'"),
        ("--max-cost", "nan", "argument --max-cost: Input should be a finite number, got 'nan'"),
        ("--max-tokens", "0", "argument --max-tokens: Input should be greater than or equal to 1, got '0'"),
        ("--request-timeout", "nan", "argument --request-timeout: Input should be a finite number, got 'nan'"),
        ("--base-url", "ftp://host/v1", "argument --base-url: expected a URL starting with http:// or https://"),
        ("--model", "", "argument --model: expected a name, got ''"),
    ],
)
def test_bad_model_options_are_refused_in_one_line_before_anything_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], agent: str, option: str, value: str, expected: str
) -> None:
    out = tmp_path / "out.jsonl"
    args = ["run", "--tasks", MINI_RELEASE, "--agent", agent, "--model", "m", "--out", out, option, value]
    assert aspera(*args) == 2
    err = capsys.readouterr().err
    assert expected in err and "pydantic" not in err and "validation error" not in err
    assert "aspera run: 4 of 4 tasks" not in err  # refused while parsing
    assert not out.exists()


@pytest.mark.parametrize(
    ("agent", "extra", "ignored"),
    [
        (
            "reference",
            ["--model", "gpt-4o", "--temperature", "0.5", "--max-cost", "1"],
            "--model, --temperature, --max-cost",
        ),
        ("noop", ["--replay", "x.jsonl", "--concurrency", "2"], "--replay, --concurrency"),
        ("handback", ["--mutation-kinds", "drop_action", "--seeds", "1", "2"], "--mutation-kinds, --seeds"),
        ("mutant", ["--no-cache", "--base-url", "http://127.0.0.1:1/v1"], "--base-url, --no-cache"),
    ],
)
def test_options_an_agent_ignores_are_named_in_one_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], agent: str, extra: list[str], ignored: str
) -> None:
    out = tmp_path / "out.jsonl"
    assert (
        aspera("run", "--tasks", MINI_RELEASE, "--agent", agent, "--out", out, "--no-progress", "--limit", "1", *extra)
        == 0
    )
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning:" in line]
    assert warnings == [f"aspera run: warning: the {agent} agent ignores {ignored}"]


def test_no_warning_when_no_option_is_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.jsonl"
    assert (
        aspera("run", "--tasks", MINI_RELEASE, "--agent", "mutant", "--out", out, "--no-progress", "--seeds", "1") == 0
    )
    assert "warning:" not in capsys.readouterr().err


def _run_cck_with_spending_limit(scripted_openai: ScriptedOpenAIServer, tmp_path: Path, out: Path, cost: str) -> int:
    args = ["run", "--tasks", MINI_RELEASE, "--agent", "cck", "--model", "gpt-4o-mini", "--out", out, "--no-progress"]
    args += ["--base-url", scripted_openai.base_url, "--api-key-env", "ASPERA_TEST_KEY", "--max-cost", cost]
    args += ["--concurrency", "1", "--cache-dir", tmp_path / "cache"]
    os.environ["ASPERA_TEST_KEY"] = "test"
    try:
        return aspera(*args)
    finally:
        del os.environ["ASPERA_TEST_KEY"]


def test_the_spending_limit_says_to_raise_it_not_to_run_again(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scripted_openai.script(
        [Reply.text("def solve():\n    pass\n", usage={"prompt_tokens": 1_000_000, "completion_tokens": 0})],
        repeat_last=True,
    )
    out = tmp_path / "cck.jsonl"
    assert _run_cck_with_spending_limit(scripted_openai, tmp_path, out, "0.15") == 3
    err = capsys.readouterr().err
    assert "finished rows are kept in" in err
    assert "--max-cost counts per run: raise it (now $0.15) to go further in one run" in err
    assert "run the same command to resume" not in err
    assert len(read_rows(out)) == 1


def test_a_spending_limit_stops_when_the_endpoint_reports_no_usage(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without token counts an answer's cost is unknown; taken as $0 it let a run spend without bound.
    message = {"role": "assistant", "content": "def solve():\n    pass\n"}
    scripted_openai.script(
        [Reply(payload={"choices": [{"message": message, "finish_reason": "stop"}]})], repeat_last=True
    )
    out = tmp_path / "cck.jsonl"
    assert _run_cck_with_spending_limit(scripted_openai, tmp_path, out, "5") == 3
    err = capsys.readouterr().err
    assert len(scripted_openai.chat_requests) == 1
    assert len(read_rows(out)) == 1  # the answer obtained is kept
    assert "the endpoint reported no token usage" in err and "the limit cannot be enforced" in err
    assert "run the same command to resume" not in err
    assert "run again without --max-cost to go on" in err


def test_a_cache_folder_that_is_a_file_is_refused_before_any_request(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scripted_openai.script([Reply.text("def solve():\n    pass\n")], repeat_last=True)
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine\n")
    out = tmp_path / "cck.jsonl"
    args = ["run", "--tasks", MINI_RELEASE, "--agent", "cck", "--model", "m", "--out", out, "--no-progress"]
    args += ["--base-url", scripted_openai.base_url, "--api-key-env", "ASPERA_TEST_KEY", "--cache-dir", blocker]
    os.environ["ASPERA_TEST_KEY"] = "test"
    try:
        assert aspera(*args) == 2
    finally:
        del os.environ["ASPERA_TEST_KEY"]
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"aspera run: error: {blocker}: exists and is not a folder; answers cannot be cached there"]
    assert scripted_openai.chat_requests == [] and not out.exists()
    assert blocker.read_text() == "mine\n"


def test_an_unknown_agent_is_named_without_quotes_around_the_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "Reference", "--out", "x.jsonl") == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("aspera run: error: unknown agent 'Reference' (did you mean 'reference'?); available: ")


@pytest.mark.parametrize("seeds", [["0", "0"], ["1", "2", "1"]])
def test_repeated_seeds_are_refused_while_parsing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seeds: list[str]
) -> None:
    out = tmp_path / "out.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "mutant", "--out", out, "--seeds", *seeds) == 2
    err = capsys.readouterr().err
    assert "argument --seeds: seed " in err and "is given twice" in err
    assert "4 of 4 tasks" not in err and not out.exists()


def test_unusable_output_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    common = ["run", "--tasks", MINI_RELEASE, "--agent", "noop", "--no-progress", "--out"]
    assert aspera(*common, tmp_path) == 2
    assert "is a folder" in capsys.readouterr().err
    # /proc refuses new files even to root, so this holds whoever runs the tests.
    assert aspera(*common, "/proc/self/aspera-out.jsonl") == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err


def test_a_path_below_a_file_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    assert (
        aspera("run", "--tasks", MINI_RELEASE, "--agent", "noop", "--no-progress", "--out", blocker / "out.jsonl") == 2
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"aspera run: error: cannot create {blocker / 'out.jsonl'}: {blocker} is a file, not a folder"]
    assert blocker.read_text() == "x"


def test_a_replay_that_covers_no_selected_task_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = tmp_path / "other.jsonl"
    write_programs(replay, {"1": "def p():\n    pass\n", "2": "def p():\n    pass\n"})
    out = tmp_path / "out.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "replay", "--replay", replay, "--out", out) == 2
    assert "has programs for none of the 4 selected tasks" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    "content", ["just some text\n", "a,b\n1,2\n", '{"a": 1}\n', ""], ids=["text", "csv", "json", "empty"]
)
def test_summary_refuses_anything_that_is_not_a_results_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    path = tmp_path / "file.jsonl"
    path.write_text(content)
    assert aspera("summary", path) == 2
    err = capsys.readouterr().err
    assert err.startswith("aspera summary: error: ") and len(err.strip().splitlines()) == 1
    assert path.read_text() == content
    assert aspera("summary", tmp_path) == 2
    assert "is a folder" in capsys.readouterr().err


def test_summary_with_the_task_set_counts_tasks_without_a_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "partial.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "reference", "--out", out, "--ids", "9001", "9003") == 0
    capsys.readouterr()
    assert aspera("summary", out, "--tasks", MINI_RELEASE, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["n"], summary["selected"], summary["missing"], summary["missing_tasks"]) == (
        2,
        4,
        2,
        ["9002", "9004"],
    )
    assert summary["success_rate"] == 1.0 and summary["success_rate_of_expected"] == 0.5
    assert aspera("summary", out, "--tasks", MINI_RELEASE) == 0
    assert "2 without a judged row; success over expected: 2/4 = 50.0%" in capsys.readouterr().out


def test_summary_narrows_the_expected_tasks_as_the_run_did(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "partial.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "reference", "--out", out, "--limit", "2") == 0
    capsys.readouterr()
    assert aspera("summary", out, "--tasks", MINI_RELEASE, "--limit", "2", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["selected"], summary["missing"], summary["success_rate_of_expected"]) == (2, 0, 1.0)
    assert aspera("summary", out, "--tasks", MINI_RELEASE, "--ids", "9001,9004") == 0
    assert "2 tasks selected, 2 task-seed pairs expected; 1 without a judged row; success over expected: 1/2" in (
        capsys.readouterr().out
    )
    assert aspera("summary", out, "--limit", "2") == 2
    assert "--ids and --limit need --tasks" in capsys.readouterr().err
    assert aspera("summary", out, "--tasks", MINI_RELEASE, "--ids", "1") == 2
    assert f"unknown task id(s): 1: not in {MINI_RELEASE} (4 tasks, ids 9001 to 9004)" in capsys.readouterr().err
    # an --ids that names nothing selected 0 tasks (exit 0), where aspera run refuses it
    for blank in (" ", ","):
        assert aspera("summary", out, "--tasks", MINI_RELEASE, "--ids", blank) == 2
        assert "names no task id" in capsys.readouterr().err
    assert aspera("summary", out, "--tasks", MINI_RELEASE, "--ids", "9001", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["unselected_tasks"] == ["9002"] and summary["unknown_tasks"] == []


def test_summary_expects_only_the_seeds_of_the_selected_tasks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mutants.jsonl"
    common = ["run", "--tasks", MINI_RELEASE, "--agent", "mutant", "--out", out, "--no-progress"]
    assert aspera(*common, "--seeds", "0") == 0
    assert aspera(*common, "--seeds", "0", "1", "2", "--ids", "9004") == 0  # more seeds for one task only
    capsys.readouterr()
    assert aspera("summary", out, "--tasks", MINI_RELEASE, "--ids", "9001,9002,9003", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["selected"], summary["expected"], summary["missing"]) == (3, 3, 0)
    assert aspera("summary", out, "--tasks", MINI_RELEASE, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["selected"], summary["expected"], summary["missing"]) == (4, 12, 6)


def test_summary_gives_no_success_rate_when_nothing_was_judged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "empty.jsonl"
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "reference", "--out", out, "--ids", "9001") == 0
    rows = out.read_text().splitlines()
    out.write_text(rows[0] + "\n")  # the header alone: an experiment with no row yet
    capsys.readouterr()
    assert aspera("summary", out, "--tasks", MINI_RELEASE, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["n"] == 0 and summary["success_rate_of_expected"] is None
    assert aspera("summary", out, "--tasks", MINI_RELEASE) == 0
    assert "success over expected: - (no program judged yet)" in capsys.readouterr().out


def test_run_refuses_a_symbolic_link_to_nothing_naming_the_link_not_the_task_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "results.jsonl"
    link.symlink_to(tmp_path / "nowhere.jsonl")
    assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "noop", "--out", link, "--no-progress") == 2
    err = capsys.readouterr().err.strip()
    assert err == f"aspera run: error: {link} is a symbolic link to {tmp_path / 'nowhere.jsonl'}, which does not exist"
    assert [path.name for path in tmp_path.iterdir()] == ["results.jsonl"]


def test_run_refuses_a_named_pipe_as_out_instead_of_waiting_on_it_forever(tmp_path: Path) -> None:
    # Reading the pipe to check its first line blocked until someone wrote into it: the run hung.
    pipe = tmp_path / "results.jsonl"
    os.mkfifo(pipe)
    for extra in ([], ["--force-new"]):
        command = [sys.executable, "-m", "aspera_workbench.cli.main", "run", "--tasks", str(MINI_RELEASE)]
        command += ["--agent", "noop", "--out", str(pipe), "--no-progress", *extra]
        try:
            finished = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail(f"aspera run {' '.join(extra)} waited on the pipe")
        assert finished.returncode == 2, finished.stderr
        assert finished.stderr == f"aspera run: error: {pipe} is not a regular file (a pipe, a device or a socket)\n"
    assert [path.name for path in tmp_path.iterdir()] == ["results.jsonl"]


def _run_cck(scripted_openai: ScriptedOpenAIServer, tmp_path: Path, out: Path, *extra: object) -> int:
    args = ["run", "--tasks", MINI_RELEASE, "--agent", "cck", "--model", "gpt-4o-mini", "--out", out, "--no-progress"]
    args += ["--base-url", scripted_openai.base_url, "--api-key-env", "ASPERA_TEST_KEY"]
    args += ["--concurrency", "1", "--cache-dir", tmp_path / "cache", *extra]
    os.environ["ASPERA_TEST_KEY"] = "test"
    try:
        return aspera(*args)
    finally:
        del os.environ["ASPERA_TEST_KEY"]


def test_a_run_in_which_every_model_request_failed_exits_non_zero(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A benchmarking script checks the exit status: a run that got no program at all must not end with 0.
    scripted_openai.script([Reply.error(400, "prompt is too long")], repeat_last=True)
    out = tmp_path / "cck.jsonl"
    assert _run_cck(scripted_openai, tmp_path, out) == 3
    err = capsys.readouterr().err
    assert "0 of 4 tasks got a program: every model request failed" in err
    assert "4 model errors of 4 programs asked for" in err
    assert [row.outcome for row in read_rows(out)] == [Outcome.MODEL_ERROR] * 4
    # the time spent on a request that failed is time spent waiting for the model (it was 0.0)
    assert all(row.generation is not None and row.generation.latency_s > 0 for row in read_rows(out))
    # Resuming asks the failed tasks again, and a run that gets its programs ends with 0.
    scripted_openai.script([Reply.text("def solve():\n    pass\n")], repeat_last=True)
    assert _run_cck(scripted_openai, tmp_path, out) == 0
    err = capsys.readouterr().err
    assert "0 model errors of 4 programs asked for" in err and "every model request failed" not in err
    assert len(scripted_openai.chat_requests) == 8


def test_a_run_stopped_by_an_unreachable_endpoint_says_it_obtained_nothing_and_what_it_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # It printed "0 model errors of 0 programs asked for" beside "1 model call: ... 1 failed".
    with socket.socket() as probe:  # a port nothing listens on once the probe is closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("ASPERA_TEST_KEY", "test")
    out = tmp_path / "cck.jsonl"
    args = ["run", "--tasks", MINI_RELEASE, "--agent", "cck", "--model", "gpt-4o-mini", "--out", out, "--no-progress"]
    args += ["--base-url", f"http://127.0.0.1:{port}/v1", "--api-key-env", "ASPERA_TEST_KEY"]
    args += ["--concurrency", "1", "--cache-dir", tmp_path / "cache"]
    assert aspera(*args) == 3
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("aspera run: ")]
    summary = next(line for line in lines if " evaluated" in line)
    assert "of 0 programs" not in summary and "asked for" not in summary
    assert "the run stopped before any program was obtained" in summary
    assert "1 task in progress when it stopped (no row written), 3 not attempted" in summary
    assert "of 4 expected (4 tasks x 1 seed)" in summary and "4 still without a judged row" in summary
    assert any("model use: 1 model call: 0 answered" in line and "1 failed" in line for line in lines), lines
    assert any(line.startswith("aspera run: stopped early: ") and "nothing answers" in line for line in lines)


def test_a_run_in_which_some_model_requests_failed_says_how_many_of_how_many(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def fail_for_brigida(request: ScriptedRequest) -> Reply:
        if "Brigida" in request.last_user_text:
            return Reply.error(400, "prompt is too long")
        return Reply.text("def solve():\n    pass\n")

    scripted_openai.script(fail_for_brigida)
    out = tmp_path / "cck.jsonl"
    assert _run_cck(scripted_openai, tmp_path, out) == 0
    err = capsys.readouterr().err
    assert "1 model error of 4 programs asked for" in err
    assert "every model request failed" not in err
    # The evaluated count's parenthesis added up to more than it (model errors are not evaluated),
    # and the pair without a program was called "without a row" although its row is there.
    evaluated = next(part for part in err.split(";") if " evaluated (" in part)
    assert "3 evaluated (" in evaluated and "model_error" not in evaluated
    assert "1 still without a judged row (model errors are asked again on resume)" in err


def test_run_refuses_a_link_to_nothing_as_the_folder_of_out_naming_the_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The link was called a file ("sub/link is a file, not a folder").
    (tmp_path / "sub").mkdir()
    link = tmp_path / "sub" / "link"
    link.symlink_to("../gone")
    for out in (link / "r.jsonl", link / "deeper" / "r.jsonl"):
        assert aspera("run", "--tasks", MINI_RELEASE, "--agent", "reference", "--out", out, "--no-progress") == 2
        err = capsys.readouterr().err
        assert err == f"aspera run: error: {link} is a symbolic link to ../gone, which does not exist\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub"] and [p.name for p in link.parent.iterdir()] == ["link"]


def test_run_refuses_a_link_to_nothing_as_the_prompts_folder_before_writing_the_results_file(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # It said "cannot write pl/prompts: File exists" once the results file's header was written.
    (tmp_path / "pl").mkdir()
    link = tmp_path / "pl" / "prompts"
    link.symlink_to("../gone")
    assert _run_cck_with_spending_limit(scripted_openai, tmp_path, tmp_path / "pl" / "r.jsonl", "5") == 2
    err = capsys.readouterr().err
    assert err == f"aspera run: error: {link} is a symbolic link to ../gone, which does not exist\n"
    assert [p.name for p in link.parent.iterdir()] == ["prompts"] and not (tmp_path / "gone").exists()
    assert scripted_openai.chat_requests == []


def test_run_refuses_an_answer_cache_through_a_link_to_nothing_naming_the_link(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "cache"  # the --cache-dir the helper passes
    link.symlink_to("gone")
    assert _run_cck_with_spending_limit(scripted_openai, tmp_path, tmp_path / "r.jsonl", "5") == 2
    assert capsys.readouterr().err == f"aspera run: error: {link} is a symbolic link to gone, which does not exist\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache"] and scripted_openai.chat_requests == []


def test_a_run_that_failed_at_once_leaves_a_file_the_corrected_command_reuses(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # An unknown model stops the run before its first row: only the header is in the file.
    def answer(request: ScriptedRequest) -> Reply:
        if request.model != "gpt-4o-mini":
            return Reply.not_found(request.model or "")
        return Reply.text("def solve():\n    pass\n")

    scripted_openai.script(answer)
    out = tmp_path / "cck.jsonl"
    args = ["run", "--tasks", MINI_RELEASE, "--agent", "cck", "--out", out, "--no-progress", "--concurrency", "1"]
    args += ["--base-url", scripted_openai.base_url, "--api-key-env", "ASPERA_TEST_KEY", "--cache-dir", tmp_path / "c"]
    os.environ["ASPERA_TEST_KEY"] = "test"
    try:
        assert aspera(*args, "--model", "gpt-4o-minii") != 0
        assert out.read_text().count("\n") == 1 and read_rows(out) == []
        capsys.readouterr()
        assert aspera(*args, "--model", "gpt-4o-mini") == 0
    finally:
        del os.environ["ASPERA_TEST_KEY"]
    err = capsys.readouterr().err
    assert "another experiment" not in err
    assert {row.model for row in read_rows(out)} == {"gpt-4o-mini"} and len(read_rows(out)) == 4


def test_a_ps_run_that_selected_nothing_warns_during_the_run_and_in_summary(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def answer(request: ScriptedRequest) -> Reply:
        if request.messages[0]["content"].startswith("You are choosing tools"):
            return Reply.text("I would not import anything.")
        return Reply.text("def solve():\n    pass\n")

    scripted_openai.script(answer)
    out = tmp_path / "ps.jsonl"
    args = ["run", "--tasks", MINI_RELEASE, "--agent", "ps", "--model", "gpt-4o-mini", "--out", out, "--no-progress"]
    args += ["--base-url", scripted_openai.base_url, "--api-key-env", "ASPERA_TEST_KEY", "--cache-dir", tmp_path / "c"]
    os.environ["ASPERA_TEST_KEY"] = "test"
    try:
        # Said while the run goes on, once, as soon as most of its first programs selected nothing
        # (aspera run prints it as a warning line; here pytest catches it).
        with pytest.warns(RunWarning, match=r"no primitive for 3 of the first 3 programs \(the run goes on") as caught:
            assert aspera(*args) == 0
    finally:
        del os.environ["ASPERA_TEST_KEY"]
    assert len([w for w in caught if "the first" in str(w.message)]) == 1
    warning = "the model selected no primitive for 4 of 4 programs"
    assert warning in capsys.readouterr().err
    assert aspera("summary", out) == 0
    captured = capsys.readouterr()
    assert warning in captured.err
    assert (
        "primitive selection: mean precision 0.0%, recall 0.0%, F1 0.0% over 4 programs with a selection; "
        "4 of them selected nothing" in captured.out
    )
    assert aspera("summary", out, "--json") == 0
    selection = json.loads(capsys.readouterr().out)["selection"]
    assert selection == {"programs": 4, "selected_nothing": 4, "precision": 0.0, "recall": 0.0, "f1": 0.0}


def test_summary_shows_mean_selection_scores_of_a_ps_run_and_nothing_for_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.analysis.support import model_run

    scores = {"1": (1.0, 0.5, 2 / 3), "2": (0.5, 0.5, 0.5)}
    ps = model_run(tmp_path / "ps.jsonl", "m", "ps", {0: {"1": "success", "2": "syntax_error"}}, selection=scores)
    assert aspera("summary", ps) == 0
    captured = capsys.readouterr()
    assert "mean precision 75.0%, recall 50.0%, F1 58.3% over 2 programs with a selection" in captured.out
    assert "selected no primitive" not in captured.err
    cck = model_run(tmp_path / "cck.jsonl", "m", "cck", {0: {"1": "success"}})
    assert aspera("summary", cck) == 0
    assert "primitive selection" not in capsys.readouterr().out
