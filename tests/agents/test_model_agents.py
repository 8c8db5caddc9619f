"""The cck and ps agents end to end: the real openai client against a scripted server on 127.0.0.1."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from aspera_core.executor import SandboxConfig
from aspera_core.records import Outcome, read_results, read_rows, summarize
from aspera_core.runner import run_agent
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.agents.model_agents import CCKAgent, PromptStore, PSAgent
from aspera_workbench.cli.main import main
from aspera_workbench.llm import Budget, LLMClient, LLMConfig, ResponseCache, RetryPolicy
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
CONFIG = SandboxConfig(workers=2, timeout_s=5)
FAST_RETRIES = RetryPolicy(max_attempts=3, initial_backoff_s=0.01, max_backoff_s=0.05, max_total_wait_s=2.0)


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(MINI_RELEASE)


def client(server: ScriptedOpenAIServer, tmp_path: Path, model: str = "scripted-model", **options: object) -> LLMClient:
    config = LLMConfig(model=model, base_url=server.base_url, api_key="test-key", retry=FAST_RETRIES, timeout_s=2.0)
    return LLMClient(config, cache=ResponseCache(tmp_path / "cache"), **options)  # type: ignore[arg-type]


def task_of(request: ScriptedRequest, tasks: list[Task]) -> Task:
    text = "\n".join(str(m.get("content")) for m in request.messages)
    return next(task for task in tasks if f"Query: {task.query}" in text)


def answer_with_reference(tasks: list[Task]):  # noqa: ANN201 - a script function
    def answer(request: ScriptedRequest) -> Reply:
        task = task_of(request, tasks)
        return Reply.text(f"Here you go:\n```python\n{task.program}```\nDone.")

    return answer


def test_cck_end_to_end_with_seeds_and_a_second_run_that_sends_nothing(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task]
) -> None:
    scripted_openai.script(answer_with_reference(tasks))
    prompts = PromptStore(tmp_path / "prompts")
    agent = CCKAgent(client(scripted_openai, tmp_path), prompts=prompts)
    out = tmp_path / "cck.jsonl"
    report = run_agent(tasks, agent, out, CONFIG, seeds=[0, 1], progress=False)
    assert report.counts == {"success": 8} and report.expected == 8
    assert len(scripted_openai.chat_requests) == 8
    assert sorted(r.seed for r in scripted_openai.chat_requests) == [0, 0, 0, 0, 1, 1, 1, 1]
    results = read_results(out)
    assert results.experiment is not None
    assert (results.experiment.agent, results.experiment.model, results.experiment.setting) == (
        "cck",
        "scripted-model",
        "cck",
    )
    assert results.experiment.parameters["template_version"] == agent.files.version
    for row in results.rows:
        assert row.generation is not None and row.generation.requests == 1 and not row.generation.cached
        assert row.generation.completion and row.generation.completion.startswith("Here you go")
        assert row.generation.usage.total_tokens > 0
        messages = prompts.get(row.generation.prompt_sha256 or "")
        assert messages[0]["role"] == "system" and row.query in messages[1]["content"]
    scripted_openai.clear_requests()
    again = run_agent(tasks, CCKAgent(client(scripted_openai, tmp_path)), out, CONFIG, seeds=[0, 1], progress=False)
    assert again.already_done == 8 and scripted_openai.chat_requests == []
    fresh = run_agent(tasks, CCKAgent(client(scripted_openai, tmp_path)), tmp_path / "b.jsonl", CONFIG, progress=False)
    assert fresh.counts == {"success": 4} and scripted_openai.chat_requests == []  # answered from the cache
    assert all(row.generation and row.generation.cached for row in read_rows(tmp_path / "b.jsonl"))
    # scripted-model has no price: the first answers' cost and spend are unknown (null), never a fake 0;
    # answers from the cache spend nothing.
    assert {(row.generation.cost_usd, row.generation.spent_usd) for row in results.rows} == {(None, None)}  # type: ignore[union-attr]
    assert {row.generation.spent_usd for row in read_rows(tmp_path / "b.jsonl")} == {0.0}  # type: ignore[union-attr]


def test_faults_are_retried_or_recorded_and_every_task_has_a_row(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task]
) -> None:
    reference = answer_with_reference(tasks)
    seen: dict[str, int] = {}

    def faulty(request: ScriptedRequest) -> Reply:
        task = task_of(request, tasks)
        attempt = seen[task.query_id] = seen.get(task.query_id, 0) + 1
        if task.query_id == "9001" and attempt == 1:
            return Reply.rate_limited(retry_after="0")
        if task.query_id == "9002":
            return Reply.server_error(500)  # every attempt fails
        if task.query_id == "9003" and attempt == 1:
            return Reply.malformed()
        if task.query_id == "9004":
            return Reply.text("I am not sure what you would like me to do.")
        return reference(request)

    scripted_openai.script(faulty)
    out = tmp_path / "faults.jsonl"
    report = run_agent(tasks, CCKAgent(client(scripted_openai, tmp_path)), out, CONFIG, concurrency=4, progress=False)
    rows = {row.task_id: row for row in read_rows(out)}
    assert {k: r.outcome for k, r in rows.items()} == {
        "9001": Outcome.SUCCESS,
        "9002": Outcome.MODEL_ERROR,
        "9003": Outcome.SUCCESS,
        "9004": Outcome.PARSE_ERROR,
    }
    assert report.model_errors == 1 and seen["9002"] == FAST_RETRIES.max_attempts
    assert rows["9002"].generation and "500" in (rows["9002"].generation.error or "")
    assert (
        rows["9004"].generation and rows["9004"].generation.completion == "I am not sure what you would like me to do."
    )
    assert rows["9004"].program == "" and "no function definition" in (rows["9004"].message or "")
    summary = summarize(read_rows(out))
    assert (summary["n"], summary["model_error"]) == (3, 1)
    # The endpoint recovers: a resumed run asks again for the model error only.
    scripted_openai.script(reference)
    scripted_openai.clear_requests()
    run_agent(tasks, CCKAgent(client(scripted_openai, tmp_path)), out, CONFIG, progress=False)
    assert [task_of(r, tasks).query_id for r in scripted_openai.chat_requests] == ["9002"]
    assert summarize(read_rows(out))["success"] == 3


def test_a_hanging_endpoint_becomes_a_model_error(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task]
) -> None:
    scripted_openai.script([Reply.hang(5.0)], repeat_last=True)
    config = LLMConfig(
        model="scripted-model",
        base_url=scripted_openai.base_url,
        api_key="k",
        timeout_s=0.3,
        retry=RetryPolicy(max_attempts=2, initial_backoff_s=0.01, max_total_wait_s=1.0),
    )
    agent = CCKAgent(LLMClient(config))
    report = run_agent(tasks, agent, tmp_path / "hang.jsonl", CONFIG, ids=["9001"], progress=False)
    assert report.model_errors == 1
    (row,) = read_rows(tmp_path / "hang.jsonl")
    assert row.outcome is Outcome.MODEL_ERROR and row.generation and row.generation.error


def test_a_refused_key_stops_the_run_cleanly(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task]
) -> None:
    scripted_openai.script([Reply.unauthorized()], repeat_last=True)
    report = run_agent(
        tasks,
        CCKAgent(client(scripted_openai, tmp_path)),
        tmp_path / "401.jsonl",
        CONFIG,
        concurrency=1,
        progress=False,
    )
    assert report.stopped is not None and "key" in report.stopped.lower()
    assert len(scripted_openai.chat_requests) == 1  # nothing more was asked after the refusal
    assert read_rows(tmp_path / "401.jsonl") == []


def test_the_spending_limit_stops_where_it_should(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task]
) -> None:
    reference = answer_with_reference(tasks)

    def priced(request: ScriptedRequest) -> Reply:
        answer = reference(request)
        return Reply.text(answer.payload.message["content"], usage={"prompt_tokens": 1_000_000, "completion_tokens": 0})

    scripted_openai.script(priced)
    budget = Budget(max_cost_usd=0.3)  # gpt-4o-mini: $0.15 per million input tokens -> two requests
    agent = CCKAgent(client(scripted_openai, tmp_path, model="gpt-4o-mini", budget=budget))
    out = tmp_path / "budget.jsonl"
    report = run_agent(tasks, agent, out, CONFIG, concurrency=1, progress=False)
    assert report.stopped and "0.30" in report.stopped
    assert report.evaluated == 2 and len(scripted_openai.chat_requests) == 2
    assert budget.spent_usd == pytest.approx(0.3)
    assert [row.generation.cost_usd for row in read_rows(out)] == [pytest.approx(0.15)] * 2  # type: ignore[union-attr]
    assert [row.generation.spent_usd for row in read_rows(out)] == [pytest.approx(0.15)] * 2  # type: ignore[union-attr]


def test_ps_selects_module_by_module_then_writes_with_what_it_selected(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task]
) -> None:
    reference = answer_with_reference(tasks)

    def ps(request: ScriptedRequest) -> Reply:
        text = request.messages[0]["content"]
        if text.startswith("You are choosing tools"):
            if "# work_calendar.py" in text:
                return Reply.text("```python\nfrom work_calendar import find_events, add_event, Event\n```")
            if "# company_directory.py" in text:
                return Reply.text("```python\nfrom company_directory import find_employee\n```")
            return Reply.text("None")
        return reference(request)

    scripted_openai.script(ps)
    out = tmp_path / "ps.jsonl"
    agent = PSAgent(client(scripted_openai, tmp_path))
    task = tasks[0]
    report = run_agent(tasks, agent, out, CONFIG, ids=[task.query_id], progress=False)
    assert report.counts == {"success": 1}
    assert len(scripted_openai.chat_requests) == 13  # twelve modules, then the program
    final = scripted_openai.chat_requests[-1].messages[0]["content"]
    assert "def find_events(" in final and "def share_calendar(" not in final
    (row,) = read_rows(out)
    assert row.setting == "ps" and row.selection is not None
    assert row.selection.selected == ("find_employee", "find_events", "add_event", "Event")  # modules A to Z
    assert row.generation is not None and row.generation.requests == 13
    assert set(row.details["selection_answers"]) == set(agent.modules)
    assert 0 <= (row.selection.f1 or 0) <= 1


def test_aspera_run_with_a_model(
    scripted_openai: ScriptedOpenAIServer,
    tmp_path: Path,
    tasks: list[Task],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    scripted_openai.script(answer_with_reference(tasks))
    monkeypatch.setenv("ASPERA_TEST_KEY", "secret")
    out = tmp_path / "runs" / "cck.jsonl"
    args = ["run", "--tasks", str(MINI_RELEASE), "--agent", "cck", "--model", "scripted-model", "--out", str(out)]
    args += ["--base-url", scripted_openai.base_url, "--api-key-env", "ASPERA_TEST_KEY", "--seeds", "0", "1"]
    args += ["--cache-dir", str(tmp_path / "cache"), "--no-progress"]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "8 evaluated (success 8)" in err and "of 8 expected (4 tasks x 2 seeds)" in err
    assert "model use:" in err
    prompts = list((tmp_path / "runs" / "prompts").glob("*.json"))
    assert len(prompts) == 4 and json.loads(prompts[0].read_text())[0]["role"] == "system"
    monkeypatch.delenv("ASPERA_TEST_KEY")
    assert main(args[:-4] + ["--out", str(tmp_path / "other.jsonl"), "--no-progress"]) == 2
    assert "ASPERA_TEST_KEY" in capsys.readouterr().err
    assert main(["run", "--tasks", str(MINI_RELEASE), "--agent", "cck", "--out", str(tmp_path / "x.jsonl")]) == 2
    assert "the cck agent needs --model" in capsys.readouterr().err


def test_a_refused_results_file_leaves_no_prompts_folder_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ASPERA_TEST_KEY", "secret")
    notes = tmp_path / "notes.md"
    notes.write_text("# my notes\n")
    args = ["run", "--tasks", str(MINI_RELEASE), "--agent", "cck", "--model", "m", "--out", str(notes)]
    args += ["--base-url", "http://127.0.0.1:9/v1", "--api-key-env", "ASPERA_TEST_KEY", "--no-progress"]
    assert main(args) == 2
    assert "not a results file" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.md"]  # nothing created beside it
    assert notes.read_text() == "# my notes\n"


def test_the_prompt_store_makes_its_folder_only_when_it_stores_a_prompt(tmp_path: Path) -> None:
    store = PromptStore(tmp_path / "runs" / "prompts")
    assert not (tmp_path / "runs").exists()
    digest = store.put([{"role": "user", "content": "hello"}])
    assert store.get(digest) == [{"role": "user", "content": "hello"}]


def test_the_prompt_store_refuses_a_file_or_a_folder_of_other_files_naming_the_folder(tmp_path: Path) -> None:
    # --out data/my-cck.jsonl put run prompts into data/prompts/, the project's own prompt sources;
    # and a file named prompts was reported under the task set's path (the error named no file).
    (tmp_path / "data" / "prompts").mkdir(parents=True)
    (tmp_path / "data" / "prompts" / "examples.py").write_text("# worked examples\n")
    with pytest.raises(OSError) as refused:
        PromptStore(tmp_path / "data" / "prompts")
    assert refused.value.filename == str(tmp_path / "data" / "prompts")
    assert "examples.py" in str(refused.value.strerror) and "--out" in str(refused.value.strerror)
    (tmp_path / "file").mkdir()
    (tmp_path / "file" / "prompts").write_text("x")
    with pytest.raises(NotADirectoryError) as not_folder:
        PromptStore(tmp_path / "file" / "prompts")
    assert not_folder.value.filename == str(tmp_path / "file" / "prompts")
    store = PromptStore(tmp_path / "runs" / "prompts")  # an earlier run's store is used again
    digest = store.put([{"role": "user", "content": "hi"}])
    assert PromptStore(tmp_path / "runs" / "prompts").get(digest)[0]["content"] == "hi"


def test_a_prompt_that_cannot_be_written_names_its_file_and_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # On a full disk the store raised a bare OSError(28, ...) (no file named) and left a
    # hidden .prompt-*.tmp file behind in the user's folder.
    store = PromptStore(tmp_path / "prompts")

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "open", full_disk)  # as the temporary file is written
    with pytest.raises(OSError) as failed:
        store.put([{"role": "user", "content": "hello"}])
    assert failed.value.strerror == "No space left on device"
    assert failed.value.filename is not None and Path(failed.value.filename).parent == tmp_path / "prompts"
    assert Path(failed.value.filename).suffix == ".json"
    assert list((tmp_path / "prompts").iterdir()) == []


def no_usage_answer(tasks: list[Task]):  # noqa: ANN201 - a script function
    def answer(request: ScriptedRequest) -> Reply:
        message = {"role": "assistant", "content": f"```python\n{task_of(request, tasks).program}```"}
        return Reply(payload={"choices": [{"message": message, "finish_reason": "stop"}]})

    return answer


def test_a_row_whose_answer_reported_no_usage_records_unknown_tokens_not_zero(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task]
) -> None:
    # Zero tokens read as "free": token budgets and cost figures counted such rows as nothing.
    scripted_openai.script(no_usage_answer(tasks))
    out = tmp_path / "cck.jsonl"
    run_agent(tasks, CCKAgent(client(scripted_openai, tmp_path)), out, CONFIG, ids=["9001"], progress=False)
    (row,) = read_rows(out)
    assert row.generation is not None and row.generation.requests == 1
    usage = row.generation.usage
    assert (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) == (None, None, None)
    assert usage.requests_without_usage == 1
    assert row.generation.cost_usd is None


def test_the_prompt_store_refuses_a_link_to_nothing_as_its_folder_or_above_it(tmp_path: Path) -> None:
    # A dangling prompts link beside --out surfaced as "File exists" once a prompt was stored.
    (tmp_path / "runs").mkdir()
    link = tmp_path / "runs" / "prompts"
    link.symlink_to("../gone")
    for folder in (link, link / "inner"):
        with pytest.raises(OSError) as refused:
            PromptStore(folder)
        assert str(refused.value) == f"{link} is a symbolic link to ../gone, which does not exist"
    assert not (tmp_path / "gone").exists()


def test_the_prompt_store_never_replaces_a_file_it_did_not_write_under_a_prompts_name(tmp_path: Path) -> None:
    # A link to nothing bearing a prompt's digest was replaced by a regular file; a file of that
    # name holding something else was kept silently, so rows named a digest it does not hold.
    messages = [{"role": "user", "content": "hello"}]
    store = PromptStore(tmp_path / "prompts")
    digest = store.put(messages)
    stored = tmp_path / "prompts" / f"{digest}.json"
    assert store.put(messages) == digest and json.loads(stored.read_text()) == messages
    other = json.dumps([{"role": "user", "content": "something else"}])
    for make, said in [
        (lambda: stored.write_text(other), "holds another prompt"),
        (lambda: stored.write_text("not json"), "is not a stored prompt"),
        (lambda: stored.symlink_to("nowhere.json"), "is a symbolic link to nowhere.json, which does not exist"),
    ]:
        stored.unlink()
        make()
        before = (stored.is_symlink(), os.readlink(stored) if stored.is_symlink() else stored.read_text())
        with pytest.raises(FileExistsError) as refused:
            store.put(messages)
        assert refused.value.filename == str(stored) and said in str(refused.value.strerror)
        assert (stored.is_symlink(), os.readlink(stored) if stored.is_symlink() else stored.read_text()) == before
    stored.unlink()
    (tmp_path / "elsewhere.json").write_text(json.dumps(messages, indent=4))  # the same prompt, other layout
    stored.symlink_to(tmp_path / "elsewhere.json")
    assert store.put(messages) == digest and stored.is_symlink()  # it holds the prompt: trusted as it is
