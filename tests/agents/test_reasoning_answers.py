"""Local reasoning models as they are served: thinking with draft code, answers cut off, prompts cut by the server.

The cck, ps and explore agents run against the scripted server on the mini release: the program,
the selected imports and the explorer's actions come from the answer, never from the thinking;
an answer the token limit cut is marked in its row; a prompt the endpoint reports having seen
only part of stops the run after one request, unless the user allowed it.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from aspera_core.executor import SandboxConfig
from aspera_core.records import Outcome, ResultRow, read_rows
from aspera_core.runner import RunWarning, run_agent
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.agents.answer_watch import AnswerWatch
from aspera_workbench.agents.explore import ExploreAgent
from aspera_workbench.agents.model_agents import CCKAgent, ModelAgent, PSAgent
from aspera_workbench.llm import Completion, LLMClient, LLMConfig, ResponseCache, RetryPolicy, Usage
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
CONFIG = SandboxConfig(workers=2, timeout_s=5)
FAST_RETRIES = RetryPolicy(max_attempts=2, initial_backoff_s=0.01, max_backoff_s=0.05, max_total_wait_s=2.0)
DRAFT = "```python\ndef draft():\n    return 'a draft the model rejected'\n```"


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(MINI_RELEASE)


@pytest.fixture
def made(scripted_openai: ScriptedOpenAIServer, tmp_path: Path) -> Iterator[Callable[..., ModelAgent]]:
    """Builds an agent of a class on a client of the scripted server (closed after the test)."""
    agents: list[ModelAgent] = []

    def make(kind: type[ModelAgent], **options: object) -> ModelAgent:
        config = LLMConfig(
            model="scripted-model", base_url=scripted_openai.base_url, api_key="k", retry=FAST_RETRIES, timeout_s=5.0
        )
        if kind is ExploreAgent:
            options.setdefault("dry_run_config", SandboxConfig(workers=1, timeout_s=5))
        agent = kind(LLMClient(config, cache=ResponseCache(tmp_path / "cache")), **options)  # type: ignore[arg-type]
        agents.append(agent)
        return agent

    yield make
    for agent in agents:
        if isinstance(agent, ExploreAgent):
            agent.close()


def task_of(request: ScriptedRequest, tasks: list[Task]) -> Task:
    text = "\n".join(str(message.get("content")) for message in request.messages)
    return next(task for task in tasks if f"Query: {task.query}" in text)


def thinking_then(final: str, how: str) -> Reply:
    """An answer whose thinking holds a wrong draft, sent as a server of that kind sends it, then ``final``."""
    thought = f"Let me write a first version.\n{DRAFT}\nNo, that ignores the request. Again."
    if how == "inline":
        return Reply.text(f"<think>\n{thought}\n</think>\n\n{final}")
    if how == "template opened":  # the chat template wrote <think> into the prompt
        return Reply.text(f"{thought}\n</think>\n\n{final}")
    return Reply.text(final, reasoning=thought, reasoning_field="reasoning_content" if how == "field" else "reasoning")


def rows_by_task(out: Path) -> dict[str, ResultRow]:
    return {row.task_id: row for row in read_rows(out)}


@pytest.mark.parametrize("how", ["inline", "template opened", "field", "ollama field"])
def test_cck_is_judged_on_its_final_program_not_on_the_draft_in_its_thinking(
    how: str, scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], made
) -> None:
    scripted_openai.script(lambda request: thinking_then(f"```python\n{task_of(request, tasks).program}```", how))
    out = tmp_path / "cck.jsonl"
    report = run_agent(tasks, made(CCKAgent), out, CONFIG, progress=False)
    assert report.counts == {"success": 4}
    for row in read_rows(out):
        generation = row.generation
        assert generation is not None and "draft" not in row.program
        assert "draft" not in (generation.completion or "") and DRAFT in (generation.reasoning or "")
        assert generation.reasoning_chars == len(generation.reasoning or "") > 0
        assert (generation.finish_reason, generation.truncated, generation.prompt_truncated) == ("stop", False, False)


def test_answers_cut_off_in_the_thinking_or_in_the_code_are_marked_whatever_their_verdict(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], made
) -> None:
    def answer(request: ScriptedRequest) -> Reply:
        task = task_of(request, tasks)
        if task.query_id == "9001":  # the token limit came while it was thinking
            return Reply.text(f"<think>\nLet me draft.\n{DRAFT}\nHmm, but", finish_reason="length")
        if task.query_id == "9002":  # ... or in the middle of the program
            lines = task.program.splitlines()
            return Reply.text("```python\n" + "\n".join(lines[: len(lines) // 2]) + "\n", finish_reason="length")
        if task.query_id == "9003":  # cut after the program: the program is whole and passes
            return Reply.text(f"```python\n{task.program}```\nThis program first", finish_reason="length")
        return Reply.text(f"```python\n{task.program}```")

    scripted_openai.script(answer)
    out = tmp_path / "cut.jsonl"
    run_agent(tasks, made(CCKAgent), out, CONFIG, progress=False)
    rows = rows_by_task(out)
    assert rows["9001"].outcome is Outcome.PARSE_ERROR and rows["9001"].program == ""
    assert "draft" not in (rows["9001"].generation.completion or "")  # type: ignore[union-attr]
    assert rows["9002"].outcome is not Outcome.SUCCESS
    assert rows["9003"].outcome is Outcome.SUCCESS
    marks = {key: (row.generation.finish_reason, row.generation.truncated) for key, row in rows.items()}  # type: ignore[union-attr]
    assert marks == {
        "9001": ("length", True),
        "9002": ("length", True),
        "9003": ("length", True),
        "9004": ("stop", False),
    }


def test_ps_selects_only_what_its_answer_imports_not_what_its_thinking_drafted(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], made
) -> None:
    def answer(request: ScriptedRequest) -> Reply:
        text = "\n".join(str(message.get("content")) for message in request.messages)
        if "You are choosing tools" in text:
            thought = "Maybe\n```python\nfrom work_calendar import delete_event\n```\nno, nothing here is needed."
            how = "field" if "# work_calendar.py" in text else "inline"
            return (
                Reply.text("None", reasoning=thought) if how == "field" else Reply.text(f"<think>{thought}</think>None")
            )
        return thinking_then(f"```python\n{task_of(request, tasks).program}```", "inline")

    scripted_openai.script(answer)
    out = tmp_path / "ps.jsonl"
    run_agent(tasks, made(PSAgent), out, CONFIG, ids=["9001"], progress=False)
    (row,) = read_rows(out)
    assert row.outcome is Outcome.SUCCESS and row.selection is not None and row.selection.selected == ()
    assert set(row.details["selection_answers"].values()) == {"None"}
    assert row.generation is not None and DRAFT in (row.generation.reasoning or "")


def test_explore_acts_on_the_action_of_its_answer_not_on_one_in_its_thinking(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], made
) -> None:
    program = next(task.program for task in tasks if task.query_id == "9001")
    drafted = f"Action: submit\nInput:\n{DRAFT}"
    scripted_openai.script(
        [
            Reply.text(
                f"<think>\nI could submit at once:\n{drafted}\nBetter look first.\n</think>\nAction: list_modules"
            ),
            Reply.text(f"Action: submit\nInput:\n```python\n{program}```", reasoning=drafted),
        ]
    )
    out = tmp_path / "explore.jsonl"
    agent = made(ExploreAgent, protocol="text")
    run_agent(tasks, agent, out, CONFIG, ids=["9001"], progress=False)
    (row,) = read_rows(out)
    assert row.outcome is Outcome.SUCCESS and [step["tool"] for step in row.details["steps"]] == [
        "list_modules",
        "submit",
    ]
    # The conversation carries the answers on, not the thinking.
    replies = [message for message in row.details["transcript"] if message["role"] == "assistant"]
    assert replies[0]["content"] == "Action: list_modules" and "the model rejected" not in str(
        row.details["transcript"]
    )
    assert (
        row.generation is not None
        and row.generation.reasoning_chars
        and row.generation.reasoning_chars > 2 * len(drafted)
    )


def test_explore_takes_a_program_answered_at_once_from_the_answer_and_marks_a_cut(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], made
) -> None:
    program = next(task.program for task in tasks if task.query_id == "9001")
    scripted_openai.script(
        [Reply.text(f"<think>{DRAFT}</think>\n```python\n{program}```\nDone and", finish_reason="length")]
    )
    out = tmp_path / "explore.jsonl"
    run_agent(tasks, made(ExploreAgent), out, CONFIG, ids=["9001"], progress=False)
    (row,) = read_rows(out)
    assert row.outcome is Outcome.SUCCESS and row.details["submitted_by"] == "answer"
    assert row.generation is not None and (row.generation.finish_reason, row.generation.truncated) == ("length", True)


SHORT_WINDOW = {"prompt_tokens": 300, "completion_tokens": 50}


@pytest.mark.parametrize("kind", [CCKAgent, PSAgent, ExploreAgent])
def test_a_prompt_the_endpoint_cut_stops_the_run_after_its_first_request(
    kind: type[ModelAgent], scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], made
) -> None:
    scripted_openai.script(lambda request: Reply.text("Action: list_modules", usage=SHORT_WINDOW))
    out = tmp_path / "short.jsonl"
    report = run_agent(tasks, made(kind), out, CONFIG, concurrency=4, progress=False)
    assert len(scripted_openai.chat_requests) == 1 and report.evaluated == 0 and read_rows(out) == []
    assert report.stopped is not None and report.stopped.startswith("the endpoint did not see the whole prompt: ")
    assert "and it reports 300 prompt tokens" in report.stopped
    assert "Ollama: num_ctx" in (report.stop_advice or "") and "--allow-short-context" in (report.stop_advice or "")


def test_allowed_a_short_context_the_run_goes_on_with_its_rows_marked_and_says_so_once(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], made
) -> None:
    scripted_openai.script(
        lambda request: Reply.text(f"```python\n{task_of(request, tasks).program}```", usage=SHORT_WINDOW)
    )
    out = tmp_path / "short.jsonl"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = run_agent(tasks, made(CCKAgent, allow_short_context=True), out, CONFIG, progress=False)
    assert report.counts == {"success": 4} and report.stopped is None
    assert all(row.generation and row.generation.prompt_truncated for row in read_rows(out))
    said = [str(warning.message) for warning in caught if warning.category is RunWarning]
    assert len(said) == 1 and "the run goes on (--allow-short-context)" in said[0]


def test_an_endpoint_without_token_counts_is_noted_once_and_not_refused(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], made
) -> None:
    def answer(request: ScriptedRequest) -> Reply:
        reply = Reply.text(f"```python\n{task_of(request, tasks).program}```")
        return Reply(payload={**reply.payload.render(request), "usage": None})

    scripted_openai.script(answer)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = run_agent(tasks, made(CCKAgent), tmp_path / "no-usage.jsonl", CONFIG, progress=False)
    assert report.counts == {"success": 4}
    said = [str(warning.message) for warning in caught if warning.category is RunWarning]
    assert said == [
        "the endpoint reports no token usage, so a prompt cut by its context window cannot be noticed; the run goes on"
    ]


def answered(finish_reason: str = "stop") -> Completion:
    usage = Usage(prompt_tokens=10, completion_tokens=5, total_tokens=15)
    return Completion(
        text="x", finish_reason=finish_reason, usage=usage, model="m", base_url="http://127.0.0.1:9/v1",
        cost_usd=None, spent_usd=None, latency_s=0.0, attempts=1, cached=False, request_hash="0" * 64, prompt_words=5,
    )  # fmt: skip


def test_more_than_a_tenth_of_the_answers_cut_off_is_said_once_while_the_run_goes_on() -> None:
    watch = AnswerWatch(max_tokens=512)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for finish_reason in ["length"] + ["stop"] * 9:  # a tenth: not more than a tenth
            watch.check(answered(finish_reason))
        assert caught == []
        for _ in range(5):
            watch.check(answered("length"))
    said = [str(warning.message) for warning in caught if warning.category is RunWarning]
    assert said == [
        "2 of the first 11 answers were cut off by the token limit (finish_reason length; --max-tokens 512): their "
        "rows are marked truncated and counted apart; raise --max-tokens (a reasoning model spends much of it "
        "thinking); the run goes on"
    ]
    assert (watch.answers, watch.cut_off) == (15, 6)
