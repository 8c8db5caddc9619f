"""aspera generate: batch generation from a parameter file; exit statuses and what it prints."""

from __future__ import annotations

import errno
import json
import re
from pathlib import Path

import pytest
import yaml

from aspera_core.tasks import load_tasks
from aspera_workbench.cli.main import main
from tests.generation.support import MINI_RELEASE, ScriptedModel, fenced, mini_tasks, script
from tests.support.openai_server import Reply, ScriptedOpenAIServer

REQUEST = "Hey, [Assistant], I need a 45-minute design review with Ottoline the day after tomorrow, at 2:30 PM."


def _params(tmp_path: Path, server: ScriptedOpenAIServer, **values: object) -> Path:
    settings = {
        "model": "gpt-4o-mini",
        "base_url": server.base_url,
        "out": str(tmp_path / "out"),
        "session": str(tmp_path / "session.jsonl"),
        "cache_dir": str(tmp_path / "cache"),
        "examples_from": str(MINI_RELEASE),
        "rounds": [{"tasks": 1, "focus": "design reviews"}],
        "mutants": 2,
        "rewrites": 0,
        "workers": 1,
        **values,
    }
    path = tmp_path / "generate.yaml"
    path.write_text(yaml.safe_dump(settings))
    return path


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")


def test_generates_the_tasks_asked_for_and_reports_their_diversity(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script(scripted_openai, ScriptedModel({REQUEST: next(iter(mini_tasks().values()))}, batches=[[REQUEST]]))
    status = main(["generate", "--params", str(_params(tmp_path, scripted_openai)), "--quiet"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert [task.query for task in load_tasks(tmp_path / "out")] == [REQUEST]
    assert "1 of 1 proposed user requests became tasks (2001)" in out
    assert "round 1 (design reviews): 1 of 1 tasks wanted, after 1 tries" in out
    assert (
        "Marginal diversity per focus instruction (n = 1 generated tasks, over 0 tasks of the set before them)" in out
    )
    assert "4 model calls in this session (0 answered from the cache)" in out
    assert "this run: 4 model calls: 4 answered" in out and err == ""


def test_the_spending_limit_ends_with_status_3_and_bad_parameters_with_2(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script(scripted_openai, ScriptedModel({REQUEST: next(iter(mini_tasks().values()))}, batches=[[REQUEST]]))
    path = _params(tmp_path, scripted_openai, max_cost_usd=1e-9)
    assert main(["generate", "--params", str(path), "--quiet"]) == 3
    err = capsys.readouterr().err
    assert "stopped early" in err and "run the same command to continue" in err
    assert not (tmp_path / "out").exists()
    assert main(["generate", "--params", str(path), "-p", "rounds=[]"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"aspera generate: error: {path}: rounds: ")  # the file named once
    assert main(["generate", "--params", str(path), "-p", "examples_from=no/such/set"]) == 2
    assert capsys.readouterr().err.startswith("aspera generate: error: examples_from: no such task set")


def test_a_cache_dir_that_is_a_file_is_a_bad_parameter(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine\n")
    path = _params(tmp_path, scripted_openai, cache_dir=str(blocker))
    assert main(["generate", "--params", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert (
        err
        == f"aspera generate: error: cache_dir: {blocker} exists and is not a folder; answers cannot be cached there\n"
    )
    assert scripted_openai.chat_requests == [] and blocker.read_text() == "mine\n"


def test_a_users_file_where_a_new_task_would_go_stops_cleanly_and_is_kept(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The output folder already holds the user's own wrong program for the first new id:
    # the run used to end in a FileExistsError traceback (exit status 1).
    mine = tmp_path / "out" / "wrong" / "query_2001.py"
    mine.parent.mkdir(parents=True)
    mine.write_text("# my own wrong program\n")
    script(scripted_openai, ScriptedModel({REQUEST: next(iter(mini_tasks().values()))}, batches=[[REQUEST]]))
    path = _params(tmp_path, scripted_openai)
    assert main(["generate", "--params", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("aspera generate: error: ")
    assert str(mine) in err and "run the same command to continue" in err
    assert mine.read_text() == "# my own wrong program\n"
    # Once the file is moved away, the same command writes the task it had validated.
    mine.rename(tmp_path / "mine.py")
    calls = len(scripted_openai.chat_requests)
    assert main(["generate", "--params", str(path), "--quiet"]) == 0
    assert [task.query for task in load_tasks(tmp_path / "out")] == [REQUEST]
    assert len(scripted_openai.chat_requests) == calls


def test_a_prompts_folder_holding_a_users_files_is_refused_before_asking_anything(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The prompt store's refusal named "--out" (an option aspera generate does not have)
    # behind an "[Errno 17]"; before that it escaped as a traceback.
    ideas = tmp_path / "prompts" / "ideas.txt"
    ideas.parent.mkdir()
    ideas.write_text("my prompt ideas\n")
    script(scripted_openai, ScriptedModel({REQUEST: next(iter(mini_tasks().values()))}, batches=[[REQUEST]]))
    assert main(["generate", "--params", str(_params(tmp_path, scripted_openai)), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"aspera generate: error: prompts_dir: {ideas.parent}")
    assert "ideas.txt" in err and "--out" not in err and "Errno" not in err
    assert ideas.read_text() == "my prompt ideas\n" and scripted_openai.chat_requests == []


def test_an_out_that_is_a_file_is_refused_before_asking_anything(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A file as out (a shard, a typo) was found out only when the first task was written,
    # after the model had been asked for everything, as "[Errno 17] File exists".
    shard = tmp_path / "queries_001.nt"
    shard.write_text("-\n    query_id: 1\n")
    script(scripted_openai, ScriptedModel({REQUEST: next(iter(mini_tasks().values()))}, batches=[[REQUEST]]))
    assert main(["generate", "--params", str(_params(tmp_path, scripted_openai, out=str(shard))), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"aspera generate: error: out: {shard} is not a folder")
    assert scripted_openai.chat_requests == [] and shard.read_text() == "-\n    query_id: 1\n"


def test_every_problem_of_a_broken_examples_set_is_printed(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Only the first line was printed: "examples_from: 2 problems:", and none of the problems.
    broken = tmp_path / "examples"
    (broken / "plans").mkdir(parents=True)
    shard = (MINI_RELEASE / "plans" / "queries_001.nt").read_text()
    shard = shard.replace("query_id: 9004", "query_id: 9003").replace("    query: Hey", "    query_text: Hey", 1)
    (broken / "plans" / "queries_001.nt").write_text(shard)
    path = _params(tmp_path, scripted_openai, examples_from=str(broken))
    assert main(["generate", "--params", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("aspera generate: error: examples_from: ")
    assert "duplicate query id" in err and "field 'query': required field is missing" in err
    assert scripted_openai.chat_requests == []


def test_a_limit_the_endpoint_leaves_unenforceable_says_to_go_on_without_it(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without token counts an answer's cost is unknown, so a limited run stops after it; running
    # the same command again (as the message said) would stop again after one more paid answer.
    content = fenced(json.dumps([REQUEST]), "json")
    no_usage = Reply(
        payload={"choices": [{"message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}
    )
    model = ScriptedModel({REQUEST: next(iter(mini_tasks().values()))}, batches=[[REQUEST]], query_answers=[no_usage])
    script(scripted_openai, model)
    path = _params(tmp_path, scripted_openai, max_cost_usd=5)
    assert main(["generate", "--params", str(path), "--quiet"]) == 3
    err = capsys.readouterr().err
    assert "stopped early" in err and "run the same command to continue" not in err
    assert "without max_cost_usd" in err


def test_a_file_that_cannot_be_written_is_named_in_the_one_line_error(
    scripted_openai: ScriptedOpenAIServer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A full disk was reported as "[Errno 28] No space left on device: '<path>'", or without any path.
    shard = tmp_path / "out" / "plans" / "queries_001.nt"

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(shard))

    monkeypatch.setattr("aspera_workbench.cli.generate.generate_tasks", full_disk)
    path = _params(tmp_path, scripted_openai)
    assert main(["generate", "--params", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"aspera generate: error: {shard}: No space left on device; progress is in {tmp_path / 'session.jsonl'}; "
        "once this is fixed, run the same command to continue\n"
    )


def test_a_request_the_model_never_answered_for_ends_with_status_3_and_is_asked_again(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # It used to be rejected like a task that failed its checks, and the run ended with 0.
    task = next(iter(mini_tasks().values()))
    model = ScriptedModel({REQUEST: task}, batches=[[REQUEST]], overrides={("program", REQUEST): [Reply.malformed()]})
    script(scripted_openai, model)
    path = _params(tmp_path, scripted_openai, cache=False)
    assert main(["generate", "--params", str(path), "--quiet"]) == 3
    err = capsys.readouterr().err
    assert re.search(r"1 of \d+ proposed user requests left open", err), err
    assert "run the same command to ask again" in err
    model.overrides.clear()  # the endpoint answers again
    assert main(["generate", "--params", str(path), "--quiet"]) == 0, capsys.readouterr().err
    assert [t.query for t in load_tasks(tmp_path / "out")] == [REQUEST]


def test_proposals_the_model_never_answered_end_with_status_3_and_are_asked_again(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The failed proposal calls were printed as "proposed no user request", the run ended
    # with 0, and they used up the round's tries: the next run asked nothing.
    task = next(iter(mini_tasks().values()))
    model = ScriptedModel({REQUEST: task}, batches=[[REQUEST]], query_answers=[Reply.malformed()] * 20)
    script(scripted_openai, model)
    path = _params(tmp_path, scripted_openai, cache=False, rounds=[{"tasks": 1, "max_queries": 3}], per_request=1)
    assert main(["generate", "--params", str(path), "--quiet"]) == 3
    out, err = capsys.readouterr()
    assert "proposed no user request" not in out and "model call for batch 1 failed: model error" in out
    assert "round 1 (no focus): 0 of 1 tasks wanted, after 0 tries" in out
    assert re.fullmatch(
        r"aspera generate: 1 of 1 model calls proposing user requests failed \(the model did not answer, after its "
        r"retries\); run the same command to ask again\n",
        err,
    ), err
    model.query_answers.clear()  # the endpoint answers again
    assert main(["generate", "--params", str(path), "--quiet"]) == 0, capsys.readouterr().err
    assert [t.query for t in load_tasks(tmp_path / "out")] == [REQUEST]


def test_a_request_left_open_for_a_model_error_is_not_counted_invalid(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The session line said "1 invalid" for a request that failed no check: the model did not answer.
    task = next(iter(mini_tasks().values()))
    model = ScriptedModel({REQUEST: task}, batches=[[REQUEST]], overrides={("program", REQUEST): [Reply.malformed()]})
    script(scripted_openai, model)
    path = _params(tmp_path, scripted_openai, cache=False)
    assert main(["generate", "--params", str(path)]) == 3
    out, err = capsys.readouterr()
    assert "0 invalid" in out and "1 left open for a model error" in out
    assert re.search(r"c0001: left open for a model error \(program: model error", err), err


def test_a_session_file_removed_mid_run_is_one_line_saying_the_history_is_gone(
    scripted_openai: ScriptedOpenAIServer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The session came back without its earlier events; stopping must not then claim "progress is in" it.
    session = tmp_path / "session.jsonl"

    def removed(*args: object, **kwargs: object) -> None:
        raise FileNotFoundError(errno.ENOENT, "was removed while being written", str(session))

    monkeypatch.setattr("aspera_workbench.cli.generate.generate_tasks", removed)
    path = _params(tmp_path, scripted_openai)
    assert main(["generate", "--params", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(
        f"aspera generate: error: {session} was removed while being written; the session stopped"
    )
    assert "progress is in" not in err and not session.exists()


@pytest.mark.parametrize(
    ("key", "below"),
    [("out", ""), ("out", "set"), ("session", "session.jsonl"), ("prompts_dir", ""), ("cache_dir", "llm")],
)
def test_an_output_through_a_symbolic_link_to_nothing_is_refused_before_anything_is_written(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, below: str
) -> None:
    # out=<dangling link> made the folder the link points to and wrote the task set there;
    # prompts_dir=<dangling link> failed as "File exists" once the session had started.
    (tmp_path / "sub").mkdir()
    link = tmp_path / "sub" / "link"
    link.symlink_to("../gone")
    script(scripted_openai, ScriptedModel({REQUEST: next(iter(mini_tasks().values()))}, batches=[[REQUEST]]))
    path = _params(tmp_path, scripted_openai, **{key: str(link / below if below else link)})
    assert main(["generate", "--params", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == f"aspera generate: error: {key}: {link} is a symbolic link to ../gone, which does not exist\n"
    assert scripted_openai.chat_requests == [] and not (tmp_path / "gone").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["generate.yaml", "sub"]
