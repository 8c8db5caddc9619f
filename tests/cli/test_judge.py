"""``aspera judge``: judgements with their agreement printed, one-line errors, files it did not create left alone."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from aspera_core.records import Experiment, read_results
from aspera_core.tasks import load_tasks, tasks_digest, write_tasks
from aspera_workbench.cli.judge import _agreement
from aspera_workbench.cli.main import main
from aspera_workbench.judge import JudgementsWriter, read_judgements
from tests.judge.support import JUDGED, SETUP, judgement, results_file
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def results(tmp_path: Path) -> Path:
    """The mini tasks' reference programs, the last one rejected, written against the mini release by path."""
    tasks = load_tasks(MINI_RELEASE)
    experiment = Experiment(
        agent="reference", task_set=str(MINI_RELEASE), task_set_digest=tasks_digest(tasks), workbench_version="test"
    )
    rows = [{"task_id": t.query_id, "program": t.program, "query": t.query, "outcome": "success"} for t in tasks[:-1]]
    rows.append({"task_id": tasks[-1].query_id, "query": tasks[-1].query, "outcome": "task_completion_error"})
    return results_file(tmp_path / "reference.jsonl", rows, experiment)


def judge_args(server: ScriptedOpenAIServer, results: Path, out: Path, *extra: str) -> list[str]:
    return [
        "judge",
        str(results),
        "--model",
        "scripted-model",
        "--base-url",
        server.base_url,
        "--api-key-env",
        "ASPERA_TEST_KEY",
        "--out",
        str(out),
        "--cache-dir",
        str(out.parent / "cache"),
        "--no-progress",
        *extra,
    ]


@pytest.mark.parametrize(
    ("option", "value", "expected"),
    [
        ("--temperature", "-1", "argument --temperature: Input should be greater than or equal to 0, got '-1'"),
        ("--temperature", "nan", "argument --temperature: Input should be a finite number, got 'nan'"),
        ("--base-url", "localhost:8000/v1", "argument --base-url: expected a URL starting with http:// or https://"),
        ("--model", " ", "argument --model: expected a name, got ' '"),
    ],
)
def test_bad_model_options_are_refused_in_one_line(
    tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str], option: str, value: str, expected: str
) -> None:
    out = tmp_path / "judged.jsonl"
    args = ["judge", str(results), "--model", "m", "--out", str(out), option, value]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert expected in err and "pydantic" not in err and "validation error" not in err
    assert not out.exists()


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASPERA_TEST_KEY", "secret")


def test_judging_prints_the_agreement_with_its_denominators_and_resumes(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def answer(request: ScriptedRequest) -> Reply:
        rejected = "def solve():" in request.last_user_text
        return Reply.text(f"Checked.\nVerdict: {'incorrect' if rejected else 'correct'}")

    scripted_openai.script(answer)
    out = tmp_path / "judged" / "reference.judged.jsonl"
    assert main(judge_args(scripted_openai, results, out)) == 0
    captured = capsys.readouterr()
    assert "4 judgements written (correct 3, incorrect 1); 0 failed requests; 0 already in" in captured.err
    assert "of 4 programs selected (4 programs in 4 task-seed rows; 0 rows without a program)" in captured.err
    assert "note:" not in captured.err  # the task set named by the results file was found unchanged
    assert captured.err.startswith(f"aspera judge: judging the programs of {results} with scripted-model")
    assert f"agreement with the evaluation programs over the whole of {out} (4 judgements): " in captured.out
    assert "4 of 4 verdicts (100.0%), Cohen's kappa 1.00" in captured.out
    assert "judge said correct to 3 of 3 accepted and 0 of 1 rejected programs" in captured.out
    assert len(read_judgements(out).rows) == 4 and len(list((out.parent / "prompts").glob("*.json"))) == 4
    scripted_openai.clear_requests()
    assert main(judge_args(scripted_openai, results, out)) == 0
    assert "0 judgements written (nothing new); 0 failed requests; 4 already in" in capsys.readouterr().err
    assert scripted_openai.chat_requests == []
    # A narrower selection is not what the agreement covers: it says so.
    assert main(judge_args(scripted_openai, results, out, "--limit", "1")) == 0
    assert f"over the whole of {out} (4 judgements): 4 of 4 verdicts" in capsys.readouterr().out


def test_files_that_are_not_its_own_are_refused_and_left_alone(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# notes\n")
    before = results.read_bytes()
    assert main(judge_args(scripted_openai, results, results)) == 2
    assert "judgements go to a file of their own" in capsys.readouterr().err
    assert main(judge_args(scripted_openai, results, readme)) == 2
    assert "not a judgements file" in capsys.readouterr().err
    assert main(judge_args(scripted_openai, readme, tmp_path / "out.jsonl")) == 2
    assert "not a results file" in capsys.readouterr().err
    assert main(judge_args(scripted_openai, tmp_path / "missing.jsonl", tmp_path / "out.jsonl")) == 2
    assert "missing.jsonl does not exist" in capsys.readouterr().err
    assert main(judge_args(scripted_openai, tmp_path, tmp_path / "out.jsonl")) == 2
    assert "is a folder, not a results file" in capsys.readouterr().err
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "elsewhere.jsonl")  # writing through it would create a file the user did not ask for
    assert main(judge_args(scripted_openai, results, link)) == 2
    assert "link.jsonl is a symbolic link to" in capsys.readouterr().err
    assert not (tmp_path / "elsewhere.jsonl").exists()
    assert (readme.read_text(), results.read_bytes()) == ("# notes\n", before)
    assert scripted_openai.chat_requests == []
    assert not (tmp_path / "out.jsonl").exists()


def test_a_refused_command_prints_only_its_error_line(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The start line says where judgements go; printed before a refusal it claimed a write that never happens.
    readme = tmp_path / "README.md"
    readme.write_text("# notes\n")
    unnamed = results_file(tmp_path / "unnamed.jsonl", [{"task_id": "9001", "outcome": "success"}])
    errors = []
    for command in (
        judge_args(scripted_openai, results, readme),
        judge_args(scripted_openai, results, tmp_path / "out.jsonl", "--ids", "9999"),
        judge_args(scripted_openai, unnamed, readme),  # names no task set: its note is not printed either
    ):
        assert main(command) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert len(captured.err.splitlines()) == 1 and captured.err.startswith("aspera judge: error: "), captured.err
        errors.append(captured.err)
    assert errors[1] == f"aspera judge: error: no program of task(s) 9999 in {results}\n"  # names the file
    assert readme.read_text() == "# notes\n" and not (tmp_path / "out.jsonl").exists()
    assert scripted_openai.chat_requests == []


def test_another_judge_on_the_same_file_is_refused(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scripted_openai.script([Reply.text("Verdict: correct")], repeat_last=True)
    out = tmp_path / "judged.jsonl"
    assert main(judge_args(scripted_openai, results, out, "--limit", "1")) == 0
    before = out.read_bytes()
    capsys.readouterr()
    assert main(judge_args(scripted_openai, results, out, "--temperature", "0.7")) == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if "error:" in line]
    assert len(errors) == 1 and "temperature: 0.0 != 0.7" in errors[0]
    assert out.read_bytes() == before


def test_setup_failures_end_the_command_on_one_line(
    scripted_openai: ScriptedOpenAIServer,
    tmp_path: Path,
    results: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scripted_openai.script([Reply.unauthorized()], repeat_last=True)
    out = tmp_path / "judged.jsonl"
    assert main(judge_args(scripted_openai, results, out, "--concurrency", "1")) == 3
    err = capsys.readouterr().err
    assert "stopped early" in err and "key" in err.lower() and "run the same command to resume" in err
    assert len(scripted_openai.chat_requests) == 1 and read_judgements(out).rows == []
    assert main(judge_args(scripted_openai, results, out, "--tasks", str(tmp_path / "nowhere"))) == 2
    assert "--tasks" in capsys.readouterr().err
    assert main(judge_args(scripted_openai, results, out, "--max-cost", "-1")) == 2
    assert "argument --max-cost: Input should be greater than or equal to 0" in capsys.readouterr().err
    assert main(judge_args(scripted_openai, results, out, "--max-cost", "1")) == 2  # no price for the model
    assert "scripted-model" in capsys.readouterr().err
    monkeypatch.delenv("ASPERA_TEST_KEY")
    assert main(judge_args(scripted_openai, results, out)) == 2
    assert "ASPERA_TEST_KEY" in capsys.readouterr().err


def test_a_run_in_which_every_request_failed_exits_3_and_a_partial_failure_0(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A script checking the status must notice a judging run that got not one answer.
    scripted_openai.script([Reply.error(400, "prompt is too long")], repeat_last=True)
    out = tmp_path / "judged.jsonl"
    assert main(judge_args(scripted_openai, results, out)) == 3
    captured = capsys.readouterr()
    assert "4 judgements written (not_judged 4); 4 failed requests" in captured.err
    assert (
        "aspera judge: error: 0 of 4 programs got an answer: every request failed; run the same command to ask again\n"
    ) in captured.err
    assert "(4 requests failed: run the same command to ask again)" in captured.out

    # Some answers: the counts say what failed, and the status is 0.
    def fail_for_brigida(request: ScriptedRequest) -> Reply:
        if "Brigida" in request.last_user_text:
            return Reply.error(400, "prompt is too long")
        return Reply.text("Verdict: correct")

    scripted_openai.script(fail_for_brigida)
    assert main(judge_args(scripted_openai, results, out)) == 0
    captured = capsys.readouterr()
    assert "4 judgements written (correct 3, not_judged 1); 1 failed request;" in captured.err
    assert "got an answer" not in captured.err


def test_the_spending_limit_ends_with_status_3_and_keeps_what_was_judged(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scripted_openai.script(
        [Reply.text("Verdict: correct", usage={"prompt_tokens": 1_000_000, "completion_tokens": 0})], repeat_last=True
    )
    out = tmp_path / "judged.jsonl"
    args = judge_args(scripted_openai, results, out, "--max-cost", "0.15", "--concurrency", "1")
    args[args.index("scripted-model")] = "gpt-4o-mini"  # priced: $0.15 per million prompt tokens
    assert main(args) == 3
    err = capsys.readouterr().err
    assert "1 judgement written (correct 1)" in err and "3 still without an answer" in err and "$0.15" in err
    assert len(read_judgements(out).rows) == 1
    # The message says the limit is per run and how to go further, not only to run the command again.
    assert "judgements made are kept in" in err
    assert "--max-cost counts per run: raise it (now $0.15) to go further in one run" in err
    assert "run the same command to resume" not in err


def test_a_results_file_whose_task_set_cannot_be_found_is_refused_unless_tasks_are_given(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Judging it with the whole scenario's documentation instead would build other prompts than a
    # run that finds the set, and appending both to one judgements file would mix them.
    experiment = read_results(results).experiment
    assert experiment is not None
    moved = results_file(
        tmp_path / "moved.jsonl",
        [{"task_id": "9001", "outcome": "success"}],
        experiment.model_copy(update={"task_set": str(tmp_path / "gone")}),
    )
    scripted_openai.script([Reply.text("Verdict: correct")], repeat_last=True)
    assert main(judge_args(scripted_openai, moved, tmp_path / "judged.jsonl")) == 2
    err = capsys.readouterr().err
    assert f"the task set {tmp_path / 'gone'} named by {moved} cannot be found" in err and "--tasks PATH" in err
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "judged.jsonl").exists()
    assert scripted_openai.chat_requests == []
    changed = results_file(
        tmp_path / "changed.jsonl",
        [{"task_id": "9001", "outcome": "success"}],
        experiment.model_copy(update={"task_set_digest": "0" * 64}),
    )
    assert main(judge_args(scripted_openai, changed, tmp_path / "judged.jsonl")) == 2
    assert f"is not the same at {MINI_RELEASE} (it changed, or does not load); pass --tasks" in capsys.readouterr().err
    assert main(judge_args(scripted_openai, moved, tmp_path / "judged2.jsonl", "--tasks", str(MINI_RELEASE))) == 0
    assert "note:" not in capsys.readouterr().err


def test_tasks_of_another_version_than_the_results_were_run_on_are_warned_about(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # --tasks is how the user names the set when the one the results name cannot be used, so another
    # version is not refused (there would be no way left to judge); but it is said, as aspera summary says it.
    tasks = load_tasks(MINI_RELEASE)
    edited = tmp_path / "edited"
    write_tasks([tasks[0].model_copy(update={"query": tasks[0].query + " Thanks!"}), *tasks[1:]], edited)
    scripted_openai.script([Reply.text("Verdict: correct")], repeat_last=True)
    out = tmp_path / "judged.jsonl"
    assert main(judge_args(scripted_openai, results, out, "--tasks", str(edited), "--limit", "1")) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning:" in line]
    assert len(warnings) == 1
    assert f"--tasks {edited} (digest {tasks_digest(load_tasks(edited))[:12]}) is not the task set" in warnings[0]
    assert f"{results} was produced on ({MINI_RELEASE}, digest {tasks_digest(tasks)[:12]})" in warnings[0]
    # the judgements file records the task set whose apps its prompts documented
    assert tasks_digest(load_tasks(edited)) in read_judgements(out).header.judge.documented_apps
    # the same version says nothing
    assert main(judge_args(scripted_openai, results, tmp_path / "same.jsonl", "--tasks", str(MINI_RELEASE))) == 0
    assert "warning:" not in capsys.readouterr().err


def test_a_task_set_named_relative_to_the_project_is_found_from_any_working_directory(
    scripted_openai: ScriptedOpenAIServer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A run started in the project root writes runs/x.jsonl naming the set as data/<set>.
    project = tmp_path / "project"
    shutil.copytree(MINI_RELEASE, project / "data" / "mini")
    tasks = load_tasks(project / "data" / "mini")
    experiment = Experiment(
        agent="reference", task_set="data/mini", task_set_digest=tasks_digest(tasks), workbench_version="test"
    )
    rows = [{"task_id": t.query_id, "program": t.program, "query": t.query, "outcome": "success"} for t in tasks]
    results = results_file(project / "runs" / "x.jsonl", rows, experiment)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    scripted_openai.script([Reply.text("Verdict: correct")], repeat_last=True)
    assert main(judge_args(scripted_openai, results, tmp_path / "judged.jsonl")) == 0
    assert "note:" not in capsys.readouterr().err
    for request in scripted_openai.chat_requests:  # each task's own apps, as from the project root
        task = next(t for t in tasks if f"Request: {t.query}" in request.last_user_text)
        assert ("# room_booking.py" in request.messages[0]["content"]) == ("room_booking" in task.scenario.apps)


def test_a_judgements_file_is_not_resumed_with_another_prompt_setup(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tasks = load_tasks(MINI_RELEASE)
    experiment = Experiment(agent="reference", task_set_digest=tasks_digest(tasks), workbench_version="test")
    rows = [{"task_id": t.query_id, "program": t.program, "query": t.query, "outcome": "success"} for t in tasks]
    headerless = results_file(tmp_path / "r.jsonl", rows, experiment)  # names no task set: whole scenario shown
    scripted_openai.script([Reply.text("Verdict: correct")], repeat_last=True)
    out = tmp_path / "judged.jsonl"
    assert main(judge_args(scripted_openai, headerless, out, "--limit", "1")) == 0
    before = out.read_bytes()
    capsys.readouterr()
    assert main(judge_args(scripted_openai, headerless, out, "--tasks", str(MINI_RELEASE))) == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if "error:" in line]
    assert len(errors) == 1 and "documented_apps: " in errors[0] and "for every program" in errors[0]
    assert out.read_bytes() == before


def test_a_damaged_judgements_file_is_warned_about_once(
    tmp_path: Path,
    results: Path,
    scripted_openai: ScriptedOpenAIServer,
) -> None:
    scripted_openai.script([Reply.text("Checked.\nVerdict: correct")], repeat_last=True)
    out = tmp_path / "judgements.jsonl"
    command = [
        sys.executable,
        "-m",
        "aspera_workbench.cli.main",
        *judge_args(scripted_openai, results, out, "--limit", "2"),
    ]
    environment = {**os.environ, "ASPERA_TEST_KEY": "secret"}
    assert subprocess.run(command, cwd=REPO, capture_output=True, env=environment, timeout=120).returncode == 0
    lines = out.read_text().splitlines()
    out.write_text("\n".join([*lines[:2], "{not json", *lines[2:]]) + "\n")

    command = [sys.executable, "-m", "aspera_workbench.cli.main", *judge_args(scripted_openai, results, out)]
    finished = subprocess.run(command, cwd=REPO, capture_output=True, text=True, env=environment, timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert finished.stderr.count(f"{out}:3: skipped") == 1, finished.stderr


def test_answers_without_a_verdict_are_reported_as_final(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Only failed requests are asked again, so "no verdict yet" promised what a rerun does not do.
    scripted_openai.script([Reply.text("I would rather not say.")], repeat_last=True)
    out = tmp_path / "judged.jsonl"
    assert main(judge_args(scripted_openai, results, out)) == 0
    line = capsys.readouterr().out
    assert "yet" not in line
    assert line == (
        f"aspera judge: none of 4 judgements in {out} has a verdict (4 answers named none: asking again changes nothing)\n"
    )


def test_the_agreement_line_says_which_judgements_lack_a_verdict_and_why(tmp_path: Path) -> None:
    def judgements(path: Path, rows: list) -> Path:
        with JudgementsWriter(path, SETUP, JUDGED) as writer:
            for row in rows:
                writer.write(row)
        return path

    mixed = judgements(
        tmp_path / "mixed.jsonl",
        [
            judgement("1", "not_judged"),
            judgement("2", "not_judged", error="timed out"),
            judgement("3", "not_judged", error="timed out"),
        ],
    )
    assert _agreement(mixed) == (
        f"none of 3 judgements in {mixed} has a verdict (1 answer named none: asking again changes nothing; "
        "2 requests failed: run the same command to ask again)"
    )
    one = judgements(tmp_path / "one.jsonl", [judgement("1", "not_judged", error="timed out")])
    assert _agreement(one) == (
        f"none of 1 judgement in {one} has a verdict (1 request failed: run the same command to ask again)"
    )
    empty = judgements(tmp_path / "empty.jsonl", [])
    assert _agreement(empty) == f"{empty} holds no judgements: there is nothing to compare"
    some = judgements(
        tmp_path / "some.jsonl",
        [
            judgement("1", "correct"),
            judgement("2", "incorrect", evaluation="task_completion_error"),
            judgement("3", "not_judged"),
        ],
    )
    assert _agreement(some).startswith(
        f"agreement with the evaluation programs over the whole of {some} (3 judgements): 2 of 2 verdicts (100.0%)"
    )
    assert _agreement(some).endswith("; 1 of 3 programs without a verdict")


def test_a_full_disk_under_the_judgements_file_is_one_line_naming_it(
    scripted_openai: ScriptedOpenAIServer,
    tmp_path: Path,
    results: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The failing write named no file, so aspera judge ended in a traceback (exit status 1).
    def full_disk(descriptor: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("aspera_core.records.appendonly.write_fully", full_disk)
    out = tmp_path / "judged.jsonl"
    assert main(judge_args(scripted_openai, results, out)) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == f"aspera judge: error: No space left on device: {out}", err
    assert "Traceback" not in err


@pytest.mark.parametrize("where", ["folder", "prompts", "cache"])
def test_a_link_to_nothing_as_the_folder_of_out_its_prompts_or_the_cache_is_refused_naming_it(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    # A dangling jdir in --out jdir/j.jsonl was reported as "File exists: jdir".
    folder = tmp_path / "jdir"
    if where != "folder":
        folder.mkdir()
    link = folder if where == "folder" else folder / where  # judge_args puts the cache beside --out
    link.symlink_to("../gone")
    assert main(judge_args(scripted_openai, results, folder / "j.jsonl")) == 2
    err = capsys.readouterr().err
    assert err == f"aspera judge: error: {link} is a symbolic link to ../gone, which does not exist\n"
    assert not (tmp_path / "gone").exists() and not (folder / "j.jsonl").exists()
    assert scripted_openai.chat_requests == []
