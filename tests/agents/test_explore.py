"""The explore agent end to end: multi-turn episodes with the real openai client against a scripted server."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from aspera_core.executor import SandboxConfig
from aspera_core.records import Outcome, ResultRow, read_results, read_rows
from aspera_core.runner import run_agent
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.agents.agent_prompts import PromptFiles
from aspera_workbench.agents.explore import ExploreAgent
from aspera_workbench.agents.explore_episode import Budgets, transcript_turns
from aspera_workbench.agents.explore_tools import documentation_index
from aspera_workbench.cli.main import main
from aspera_workbench.llm import LLMClient, LLMConfig, ResponseCache, RetryPolicy
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"
CONFIG = SandboxConfig(workers=1, timeout_s=5)
FAST_RETRIES = RetryPolicy(max_attempts=2, initial_backoff_s=0.01, max_backoff_s=0.05, max_total_wait_s=2.0)

# A draft for task 9001 with a mistake the dry run shows (TimeUnits has no member "Minute").
BROKEN_DRAFT = """def book_review():
    starts_at = combine(parse_date_string(DateExpressions["Tomorrow"]), time_by_hm(2, 30, "pm"))
    length = Duration(45, TimeUnits.Minute)
    add_event(Event(subject="Design review", starts_at=starts_at, ends_at=modify(starts_at, length)))
"""
# Prints everyone and every event of the world it runs in (to see what reaches the model).
LOOK_AROUND = """def look_around():
    for person in get_all_employees():
        print(person.name)
    for event in find_events() + find_past_events():
        print(event.subject, [person.name for person in event.attendees or []])
"""


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(MINI_RELEASE)


@pytest.fixture
def agents() -> list[ExploreAgent]:
    """Agents made by a test; their dry-run sandboxes are closed after it."""
    made: list[ExploreAgent] = []
    yield made
    for agent in made:
        agent.close()


def explorer(server: ScriptedOpenAIServer, tmp_path: Path, agents: list[ExploreAgent], **options: Any) -> ExploreAgent:
    config = LLMConfig(
        model="scripted-model", base_url=server.base_url, api_key="test-key", retry=FAST_RETRIES, timeout_s=5.0
    )
    client = LLMClient(config, cache=ResponseCache(tmp_path / "cache"))
    options.setdefault("dry_run_config", SandboxConfig(workers=1, timeout_s=5))
    agent = ExploreAgent(client, **options)
    agents.append(agent)
    return agent


def program_of(task_id: str, tasks: list[Task]) -> str:
    return next(task.program for task in tasks if task.query_id == task_id)


def one_row(out: Path) -> ResultRow:
    rows = read_rows(out)
    assert len(rows) == 1
    return rows[0]


def tool_contents(request: ScriptedRequest) -> list[str]:
    """What the agent sent back to the model: tool results and user messages after the first."""
    return [str(m.get("content")) for m in request.messages if m.get("role") == "tool"]


def test_search_read_dry_run_a_failing_draft_fix_and_submit(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], agents: list[ExploreAgent]
) -> None:
    scripted_openai.script(
        [
            Reply.tool_calls(("search_docs", {"query": "add an event to the calendar"})),
            Reply.tool_calls(("read_docs", {"name": "add_event"}), ("read_docs", {"name": "Duration"})),
            Reply.tool_calls(("dry_run", {"program": BROKEN_DRAFT})),
            Reply.tool_calls(("submit", {"program": program_of("9001", tasks)})),
        ]
    )
    out = tmp_path / "explore.jsonl"
    agent = explorer(scripted_openai, tmp_path, agents)
    report = run_agent(tasks, agent, out, CONFIG, ids=["9001"], progress=False)
    assert report.counts == {"success": 1}
    row = one_row(out)
    details = row.details
    assert (details["ended"], details["submitted_by"], details["turns"], details["dry_runs"]) == (
        "submitted",
        "submit",
        4,
        1,
    )
    assert details["read"] == ["add_event", "Duration"] and details["dry_run_world"] == "generic"
    assert details["budgets"] == Budgets().to_json() and details["protocol"] == "tools"
    assert [step["tool"] for step in details["steps"]] == ["search_docs", "read_docs", "read_docs", "dry_run", "submit"]
    dry_run = details["steps"][3]["dry_run"]
    assert dry_run["outcome"] == "execution_error" and dry_run["error_type"] == "AttributeError"
    requests = scripted_openai.chat_requests
    assert len(requests) == 4 and all(r.tools and len(r.tools) == 5 for r in requests)
    # What the model was told, turn by turn: search hits, the documentation, the dry-run report.
    assert "work_calendar.def add_event(" in tool_contents(requests[1])[0]
    docs_read = tool_contents(requests[2])[1:]
    assert docs_read[0].startswith("# work_calendar.py") and "class Duration" in docs_read[1]
    report_text = tool_contents(requests[3])[-1]
    assert "raised AttributeError" in report_text and 'File "<program>", line 3' in report_text
    assert "Changes to the world: none" in report_text and "[17 replies and 4 dry runs left]" in report_text
    # The transcript replays the episode: the prompt, then one turn per reply with what came back.
    prompt, turns = transcript_turns(details["transcript"])
    assert [m["role"] for m in prompt] == ["system", "user"] and len(turns) == 4
    assert turns[2].reply["tool_calls"][0]["function"]["name"] == "dry_run"
    assert turns[2].answers[0]["content"] == report_text and turns[3].answers[0]["content"] == "Submitted."
    assert row.generation is not None and row.generation.requests == 4 and row.generation.usage.total_tokens > 0
    assert details["tokens"] == row.generation.usage.total_tokens


def test_an_episode_that_exhausts_its_budget_ends_with_a_row(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], agents: list[ExploreAgent]
) -> None:
    scripted_openai.script([Reply.tool_calls(("list_modules", {}))], repeat_last=True)
    out = tmp_path / "turns.jsonl"
    agent = explorer(scripted_openai, tmp_path, agents, budgets=Budgets(max_turns=3))
    run_agent(tasks, agent, out, CONFIG, ids=["9001"], progress=False)
    row = one_row(out)
    assert row.outcome is Outcome.PARSE_ERROR and row.details["ended"] == "turn_budget"
    assert "all 3 replies were used" in (row.message or "") and len(scripted_openai.chat_requests) == 3
    assert "This is your last reply" in scripted_openai.chat_requests[2].messages[-1]["content"]

    # Out of tokens after a dry run: the last draft tried is what gets judged.
    scripted_openai.clear_requests()
    scripted_openai.script(
        [
            Reply.tool_calls(
                ("dry_run", {"program": program_of("9002", tasks)}),
                usage={"prompt_tokens": 900, "completion_tokens": 200},
            )
        ],
        repeat_last=True,
    )
    out = tmp_path / "tokens.jsonl"
    agent = explorer(scripted_openai, tmp_path, agents, budgets=Budgets(max_tokens=1000, max_dry_runs=1))
    run_agent(tasks, agent, out, CONFIG, ids=["9002"], progress=False)
    row = one_row(out)
    assert (row.details["ended"], row.details["submitted_by"], row.details["tokens"]) == (
        "token_budget",
        "last_draft",
        1100,
    )
    assert row.outcome is Outcome.SUCCESS and row.program.strip() == program_of("9002", tasks).strip()
    assert len(scripted_openai.chat_requests) == 1


def test_malformed_arguments_and_unknown_tools_are_answered_and_the_episode_goes_on(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], agents: list[ExploreAgent]
) -> None:
    scripted_openai.script(
        [
            Reply.tool_calls(("search_docs", '{"query": "rooms"')),  # cut off
            Reply.tool_calls(("read_docs", {"name": 7}), ("search_docs", {"query": "room", "module": "nowhere"})),
            Reply.tool_calls(("book_room", {"room": "A"})),
            Reply.tool_calls(("submit", {"program": "print('no function here')"})),
            Reply.text(f"Final answer:\n```python\n{program_of('9001', tasks)}```"),
        ]
    )
    out = tmp_path / "malformed.jsonl"
    run_agent(tasks, explorer(scripted_openai, tmp_path, agents), out, CONFIG, ids=["9001"], progress=False)
    row = one_row(out)
    assert row.outcome is Outcome.SUCCESS
    assert (row.details["ended"], row.details["submitted_by"]) == ("answered", "answer")
    problems = [step["problem"] for step in row.details["steps"]]
    assert problems[0].startswith("the arguments are not a JSON object") and "must be a string" in problems[1]
    assert "no module 'nowhere'" in problems[2] and problems[3] == "unknown tool" and problems[4]
    requests = scripted_openai.chat_requests
    assert tool_contents(requests[1])[0].startswith("Not carried out: the arguments are not a JSON object")
    assert "There is no tool called 'book_room'" in tool_contents(requests[3])[-1]
    assert "no usable function definition" in tool_contents(requests[4])[-1]
    # The malformed call is sent back as the model wrote it, answered by a tool message with the same id.
    sent = requests[1].messages[-2]
    assert sent["tool_calls"][0]["function"]["arguments"] == '{"query": "rooms"'
    assert requests[1].messages[-1]["tool_call_id"] == sent["tool_calls"][0]["id"]


def test_a_dry_run_that_times_out_is_reported_and_the_episode_goes_on(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], agents: list[ExploreAgent]
) -> None:
    spin = "def wait_forever():\n    while True:\n        pass\n"
    scripted_openai.script(
        [
            Reply.tool_calls(("dry_run", {"program": spin})),
            Reply.tool_calls(("dry_run", {"program": LOOK_AROUND})),
            Reply.tool_calls(("submit", {"program": program_of("9002", tasks)})),
        ]
    )
    out = tmp_path / "timeout.jsonl"
    agent = explorer(scripted_openai, tmp_path, agents, dry_run_config=SandboxConfig(workers=1, timeout_s=1))
    run_agent(tasks, agent, out, CONFIG, ids=["9002"], progress=False)
    row = one_row(out)
    assert row.outcome is Outcome.SUCCESS and row.details["dry_runs"] == 2
    assert [step["dry_run"]["outcome"] for step in row.details["steps"][:2]] == ["timeout", "success"]
    told = tool_contents(scripted_openai.chat_requests[1])[-1]
    assert "did not finish within the 1 s limit" in told
    # The sandbox recovered from the timeout: the next dry run saw the generic world.
    looked = tool_contents(scripted_openai.chat_requests[2])[-1]
    assert "Marta Oliveira" in looked and "Weekly team sync" in looked


def test_the_plain_text_protocol_when_the_endpoint_refuses_tools(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], agents: list[ExploreAgent]
) -> None:
    replies = iter(
        [
            "I should look for the calendar functions first.\n**Action:** `search_docs`\nInput: calendar event\n"
            "Module: work_calendar",
            "Action: read_docs(find_events)\nResult of read_docs: (a result I made up)",
            f"Let me try it.\nAction: dry_run\nInput:\n```python\n{LOOK_AROUND}```",
            f"Action: submit\nInput:\n```python\n{program_of('9002', tasks)}```",
        ]
    )

    def answer(request: ScriptedRequest) -> Reply:
        if request.tools:
            return Reply.error(400, "This model does not support tools")
        if "Thaddeus" in request.messages[1]["content"]:
            return Reply.server_error()
        return Reply.text(next(replies))

    scripted_openai.script(answer)
    out = tmp_path / "text.jsonl"
    agent = explorer(scripted_openai, tmp_path, agents)
    run_agent(tasks, agent, out, CONFIG, ids=["9002", "9004"], concurrency=1, progress=False)
    rows = {row.task_id: row for row in read_rows(out)}
    row = rows["9002"]
    assert row.outcome is Outcome.SUCCESS
    assert (row.details["protocol"], row.details["ended"], row.details["turns"]) == ("text", "submitted", 4)
    assert "does not support tools" in row.details["protocol_fallback"]
    assert [step["tool"] for step in row.details["steps"]] == ["search_docs", "read_docs", "dry_run", "submit"]
    assert row.details["steps"][0]["arguments"] == {"query": "calendar event", "module": "work_calendar"}
    with_tools = [r for r in scripted_openai.chat_requests if r.tools]
    text_requests = [r for r in scripted_openai.chat_requests if not r.tools]
    # The second task is asked in text from the start (its one request is tried twice: the endpoint fails).
    assert len(with_tools) == 1 and len(text_requests) == 4 + FAST_RETRIES.max_attempts
    assert "Action: search_docs" in text_requests[0].messages[0]["content"]
    second = text_requests[2].last_user_text
    assert second.startswith("Result of read_docs:") and "Only the first action of your reply" in second
    assert text_requests[3].last_user_text.startswith("Result of dry_run:\nOutcome: the program ran to the end")
    # The endpoint fails for 9004: the error after the retries ends that episode with a row.
    assert rows["9004"].outcome is Outcome.MODEL_ERROR and rows["9004"].details["ended"] == "model_error"


def test_every_episode_ends_with_a_row_also_on_model_errors_and_empty_replies(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], agents: list[ExploreAgent]
) -> None:
    def answer(request: ScriptedRequest) -> Reply:
        text = request.messages[1]["content"]
        turn = sum(1 for m in request.messages if m.get("role") == "assistant")
        if "Ottoline" in text:  # answers at once, with no tool: taken as the submission
            return Reply.text(f"```python\n{program_of('9001', tasks)}```")
        if "Brigida" in text:  # the endpoint fails after one good turn
            return Reply.tool_calls(("list_modules", {})) if turn == 0 else Reply.server_error()
        if "Wendeline" in text:  # never uses a tool nor writes a program
            return Reply.text("I am thinking about it.")
        return Reply.tool_calls(("submit", {"program": "def nothing():\n    return None\n"}))

    scripted_openai.script(answer)
    out = tmp_path / "all.jsonl"
    agent = explorer(scripted_openai, tmp_path, agents, budgets=Budgets(max_turns=2))
    report = run_agent(tasks, agent, out, CONFIG, concurrency=2, progress=False)
    rows = {row.task_id: row for row in read_rows(out)}
    assert sorted(rows) == ["9001", "9002", "9003", "9004"] and report.expected == 4
    assert (rows["9001"].outcome, rows["9001"].details["submitted_by"]) == (Outcome.SUCCESS, "answer")
    assert rows["9002"].outcome is Outcome.MODEL_ERROR and rows["9002"].details["turns"] == 1
    assert rows["9002"].generation is not None and "500" in (rows["9002"].generation.error or "")
    assert rows["9003"].outcome is Outcome.PARSE_ERROR and rows["9003"].details["ended"] == "turn_budget"
    assert rows["9004"].outcome is Outcome.TASK_COMPLETION_ERROR
    for row in rows.values():
        assert row.details["transcript"][0]["role"] == "system"


@functools.cache
def public_text() -> str:
    """What any agent may show the model: the documentation, the worked examples and the guidelines."""
    files = PromptFiles.load()
    return "\n".join([*(entry.text for entry in documentation_index().entries), *files.examples, *files.guidelines])


def forbidden_texts(task: Task) -> list[str]:
    """Pieces of the task's hidden side: lines of its programs and the names of its world's people.

    Lines also found in the public material (documentation, examples) are left out.
    """
    pieces = []
    for source in (task.program, *task.state_generation_programs, *task.evaluation_programs):
        for line in source.splitlines():
            line = line.strip()
            if len(line) >= 20 and line not in task.query and task.query not in line and line not in public_text():
                pieces.append(line)
    for source in task.state_generation_programs:
        for names in re.findall(r"simulate_org_structure\(\s*\[([^\]]*)\]", source):
            pieces += [name for name in re.findall(r'"([^"]+)"', names) if name not in task.query]
    return pieces


def leaks(requests: list[ScriptedRequest], task: Task) -> list[str]:
    """Hidden pieces of ``task`` found in what the agent sent (the model's own replies excluded)."""
    sent = [json.dumps(r.tools or []) for r in requests]
    sent += [str(m.get("content")) for r in requests for m in r.messages if m.get("role") != "assistant"]
    text = "\n".join(sent)
    return [piece for piece in forbidden_texts(task) if piece in text]


def test_nothing_of_the_tasks_hidden_side_reaches_the_model_by_default(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], agents: list[ExploreAgent]
) -> None:
    def explore(request: ScriptedRequest) -> Reply:
        turn = sum(1 for m in request.messages if m.get("role") == "assistant")
        script = [
            Reply.tool_calls(("list_modules", {})),
            Reply.tool_calls(("read_docs", {"name": "work_calendar"}), ("search_docs", {"query": "employee"})),
            Reply.tool_calls(("dry_run", {"program": LOOK_AROUND})),
            Reply.tool_calls(("dry_run", {"program": "def fail():\n    raise ValueError(find_events())\n"})),
            Reply.tool_calls(("submit", {"program": "def nothing():\n    return None\n"})),
        ]
        return script[turn]

    scripted_openai.script(explore)
    agent = explorer(scripted_openai, tmp_path, agents)
    run_agent(tasks, agent, tmp_path / "generic.jsonl", CONFIG, progress=False)
    assert len(scripted_openai.chat_requests) == 20
    by_task = {
        task.query_id: [r for r in scripted_openai.chat_requests if task.query in r.messages[1]["content"]]
        for task in tasks
    }
    for task in tasks:
        assert forbidden_texts(task), task.query_id  # the check has something to look for
        assert leaks(by_task[task.query_id], task) == [], task.query_id
    rows = read_rows(tmp_path / "generic.jsonl")
    assert all(row.details["dry_runs"] == 2 and row.details["dry_run_world"] == "generic" for row in rows)

    # The same episodes in the task's own world do show its people: the check above can fail.
    scripted_openai.clear_requests()
    agent = explorer(scripted_openai, tmp_path, agents, dry_run_world="task")
    run_agent(tasks, agent, tmp_path / "task.jsonl", CONFIG, ids=["9001"], progress=False)
    assert "Casimir" in leaks(scripted_openai.chat_requests, tasks[0])
    results = read_results(tmp_path / "task.jsonl")
    assert results.experiment is not None and results.experiment.parameters["dry_run_world"] == "task"
    assert results.rows[0].details["dry_run_world"] == "task"


def test_aspera_run_with_the_explore_agent(
    scripted_openai: ScriptedOpenAIServer,
    tmp_path: Path,
    tasks: list[Task],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def answer(request: ScriptedRequest) -> Reply:
        task = next(task for task in tasks if task.query in request.messages[1]["content"])
        return Reply.tool_calls(("submit", {"program": task.program}))

    scripted_openai.script(answer)
    monkeypatch.setenv("ASPERA_TEST_KEY", "secret")
    out = tmp_path / "runs" / "explore.jsonl"
    args = ["run", "--tasks", str(MINI_RELEASE), "--agent", "explore", "--model", "scripted-model", "--out", str(out)]
    args += ["--base-url", scripted_openai.base_url, "--api-key-env", "ASPERA_TEST_KEY", "--no-progress"]
    args += ["--cache-dir", str(tmp_path / "cache"), "--max-turns", "4", "--max-dry-runs", "0", "--ids", "9001", "9002"]
    assert main(args) == 0
    assert "2 evaluated (success 2)" in capsys.readouterr().err
    results = read_results(out)
    assert results.experiment is not None and results.experiment.setting == "explore"
    assert results.experiment.parameters["budgets"] == {"max_turns": 4, "max_tokens": 250_000, "max_dry_runs": 0}
    assert "at most 4 replies and 0 dry runs" in scripted_openai.chat_requests[0].messages[0]["content"]
    bad = [
        "run",
        "--tasks",
        str(MINI_RELEASE),
        "--agent",
        "reference",
        "--max-turns",
        "3",
        "--out",
        str(tmp_path / "r.jsonl"),
    ]
    assert main(bad) == 2
    assert "--max-turns applies to the explore agent only" in capsys.readouterr().err


def test_an_answer_without_token_usage_stops_the_run_instead_of_counting_as_free(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], agents: list[ExploreAgent]
) -> None:
    # The token budget counted such answers as 0 tokens: an endpoint reporting no usage had no budget at all.
    message = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "list_modules", "arguments": "{}"}}
    ]}  # fmt: skip
    scripted_openai.script(
        [Reply(payload={"choices": [{"message": message, "finish_reason": "tool_calls"}]})], repeat_last=True
    )
    out = tmp_path / "unknown.jsonl"
    agent = explorer(scripted_openai, tmp_path, agents, budgets=Budgets(max_tokens=1000))
    report = run_agent(tasks, agent, out, CONFIG, ids=["9001"], progress=False)
    assert report.stopped is not None
    assert "no token usage" in report.stopped and "token budget" in report.stopped
    assert len(scripted_openai.chat_requests) == 1
    assert read_rows(out) == []  # the task is asked again on resume
    assert report.stop_advice is not None and "reports token usage" in report.stop_advice


def test_budgets_below_their_minimum_are_refused() -> None:
    assert Budgets(max_dry_runs=0).to_json() == {"max_turns": 20, "max_tokens": 250_000, "max_dry_runs": 0}
    for wrong in ({"max_turns": 0}, {"max_tokens": 0}, {"max_dry_runs": -1}, {"max_turns": True}):
        with pytest.raises(ValueError, match=next(iter(wrong))):
            Budgets(**wrong)  # type: ignore[arg-type]
