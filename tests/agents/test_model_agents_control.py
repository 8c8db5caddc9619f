"""The cck agent in the control setting, end to end: the real openai client against a scripted server on 127.0.0.1.

The server answers each task with its control reference program (or with a
program that leaves a malformed world); the runner evaluates the answers in
the sandbox through the control setting's tasks, and the rows record it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.executor import Sandbox, SandboxConfig
from aspera_core.records import Outcome, read_results, read_rows
from aspera_core.runner import run_agent
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.agents.agent_prompts import builtin_annotation
from aspera_workbench.agents.answer_parsing import extract_program
from aspera_workbench.agents.model_agents import CCKAgent, PromptStore, return_types_digest
from aspera_workbench.cli.main import main
from aspera_workbench.control.control_programs import load_control_programs
from aspera_workbench.llm import LLMClient, LLMConfig, ResponseCache, RetryPolicy
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

ROOT = Path(__file__).resolve().parents[2]
TASK_SET = ROOT / "data" / "aspera_workbench_v1"
CONFIG = SandboxConfig(workers=2, timeout_s=10)
FAST_RETRIES = RetryPolicy(max_attempts=2, initial_backoff_s=0.01, max_backoff_s=0.05, max_total_wait_s=1.0)
# Writes, a series, hand-backs, answers of several types, sharing, rooms, colleagues' calendars, two pairs.
IDS = ["1001", "1003", "1005", "1010", "1020", "1029", "1033", "1052", "1057", "1075"]


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    return load_tasks(TASK_SET)


@pytest.fixture(scope="module")
def programs() -> dict[str, str]:
    found, problems = load_control_programs(TASK_SET / "control")
    assert not problems
    return found


def client(server: ScriptedOpenAIServer, tmp_path: Path) -> LLMClient:
    config = LLMConfig(
        model="scripted-model", base_url=server.base_url, api_key="test-key", retry=FAST_RETRIES, timeout_s=5.0
    )
    return LLMClient(config, cache=ResponseCache(tmp_path / "cache"))


def task_of(request: ScriptedRequest, tasks: list[Task]) -> Task:
    return next(task for task in tasks if f"Query: {task.query}" in request.messages[-1]["content"])


def test_every_control_reference_is_found_in_an_answer_as_it_is(programs: dict[str, str]) -> None:
    for task_id, program in programs.items():
        parsed = extract_program(f"Here is the program:\n```python\n{program}```\nIt does what you asked.", 1)
        assert parsed.program is not None and parsed.problem is None, task_id
        assert parsed.program.strip() in program and "def " in parsed.program, task_id


def test_the_control_setting_end_to_end(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], programs: dict[str, str]
) -> None:
    def answer(request: ScriptedRequest) -> Reply:
        return Reply.text(f"```python\n{programs[task_of(request, tasks).query_id]}```")

    scripted_openai.script(answer)
    prompts = PromptStore(tmp_path / "prompts")
    agent = CCKAgent(client(scripted_openai, tmp_path), prompts=prompts, setting="control", control_programs=programs)
    out = tmp_path / "control.jsonl"
    report = run_agent(tasks, agent, out, CONFIG, ids=IDS, progress=False)
    assert report.counts == {"success": len(IDS)}, read_rows(out)
    results = read_results(out)
    assert results.experiment is not None
    assert (results.experiment.agent, results.experiment.setting) == ("cck", "control")
    parameters = results.experiment.parameters
    assert parameters["template_version"] == agent.files.version
    assert parameters["control_return_types"] == return_types_digest(programs)
    for row in results.rows:
        assert row.setting == "control" and row.outcome is Outcome.SUCCESS
        system, user = prompts.get(row.generation.prompt_sha256 or "")  # type: ignore[union-attr]
        assert "def find_events(" not in system["content"] and "class World:" in system["content"]
        assert "takes one argument, `world`" in user["content"]
        hint = builtin_annotation(programs[row.task_id])
        assert (f"return type should be `{hint}`" in user["content"]) == (hint is not None)
    assert {"1005", "1052"} <= {row.task_id for row in results.rows if "handback" in row.tags}
    answers = {row.task_id: row.return_value for row in results.rows}
    assert answers["1010"] is not None and answers["1020"] is not None  # answers are returned through the mapping

    # The same answers judged in the library setting fail: the hook is what makes them run.
    library = CCKAgent(client(scripted_openai, tmp_path))
    report = run_agent(tasks, library, tmp_path / "library.jsonl", CONFIG, ids=IDS[:2], progress=False)
    assert report.counts.get("success", 0) == 0 and sum(report.counts.values()) == 2


# Programs that leave a world the mapping cannot save, and one that fails on its own.
MALFORMED = {
    "1001": (
        "def block(world):\n"
        "    world.calendar.append({'subject': 'Focused writing', 'starts_at': '15:00', 'ends_at': world.now})\n"
    ),
    "1003": "def block(world):\n    world.calendar.append({'subject': 'No end', 'starts_at': world.now})\n",
    "1005": "def block(world):\n    world.calendar.append('a meeting at 3')\n",
    "1010": "def block(world):\n    world.calendar[0]['room'] = 'Aspen'\n",
    "1020": "def block(world):\n    world.calendar_shared_with.append(42)\n",
    "1029": "def block(world):\n    return world.calendar[0]['no such key']\n",
}


def test_a_malformed_control_world_is_an_execution_error_of_the_program_never_a_crash(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task]
) -> None:
    scripted_openai.script(lambda request: Reply.text(f"```python\n{MALFORMED[task_of(request, tasks).query_id]}```"))
    agent = CCKAgent(client(scripted_openai, tmp_path), setting="control")
    out = tmp_path / "malformed.jsonl"
    report = run_agent(tasks, agent, out, CONFIG, ids=list(MALFORMED), progress=False)
    assert report.counts == {"execution_error": len(MALFORMED)}
    rows = {row.task_id: row for row in read_rows(out)}
    for task_id in ["1001", "1003", "1005", "1010", "1020"]:
        row = rows[task_id]
        assert (row.error_type or "").endswith("ControlWorldError"), (task_id, row.error_type, row.message)
        assert "world.c" in (row.message or "")  # the message names the entry
    assert "starts_at" in (rows["1001"].message or "") and "ends_at" in (rows["1003"].message or "")
    assert rows["1029"].error_type == "KeyError" and rows["1029"].pairs[0].origin == "program"


def test_aspera_run_with_the_control_setting(
    scripted_openai: ScriptedOpenAIServer,
    tmp_path: Path,
    tasks: list[Task],
    programs: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    scripted_openai.script(lambda request: Reply.text(programs[task_of(request, tasks).query_id]))
    monkeypatch.setenv("ASPERA_TEST_KEY", "secret")
    out = tmp_path / "runs" / "control.jsonl"
    common = ["run", "--tasks", str(TASK_SET), "--model", "scripted-model", "--base-url", scripted_openai.base_url]
    common += ["--api-key-env", "ASPERA_TEST_KEY", "--cache-dir", str(tmp_path / "cache"), "--no-progress"]
    args = [*common, "--agent", "cck", "--setting", "control", "--ids", "1001,1030", "--out", str(out)]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "agent cck in the control setting" in err and "2 evaluated (success 2)" in err
    experiment = read_results(out).experiment
    assert experiment is not None and experiment.setting == "control"
    assert experiment.parameters["control_return_types"] == return_types_digest(programs)
    # the library setting is another experiment: it is not appended to the control setting's file
    assert main([*common, "--agent", "cck", "--ids", "1001", "--out", str(out)]) == 2
    assert "setting" in capsys.readouterr().err
    for agent in ("ps", "reference"):
        assert main([*common, "--agent", agent, "--setting", "control", "--out", str(tmp_path / "x.jsonl")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"the {agent} agent has no control setting" in err
    assert not (tmp_path / "x.jsonl").exists()


def test_the_registry_builds_the_control_setting_and_refuses_it_where_it_does_not_exist(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from aspera_workbench.agents import make_agent

    monkeypatch.setenv("ASPERA_TEST_KEY", "secret")
    options = {"model": "m", "base_url": "http://127.0.0.1:9/v1", "api_key_env": "ASPERA_TEST_KEY"}
    options["prompts_dir"] = str(tmp_path / "prompts")
    agent = make_agent("cck", setting="control", control_dir=str(TASK_SET / "control"), **options)
    assert isinstance(agent, CCKAgent) and agent.setting == "control" and len(agent.control_programs) == 84
    assert make_agent("cck", setting="library", **options).setting == "cck"
    without = make_agent("cck", setting="control", control_dir=str(tmp_path / "nowhere"), **options)
    assert without.control_programs == {}  # type: ignore[attr-defined]
    assert without.parameters()["control_return_types"] != agent.parameters()["control_return_types"]
    with pytest.raises(ValueError, match="unknown setting 'sqlite'"):
        make_agent("cck", setting="sqlite", **options)
    for name in ("ps", "noop", "reference", "handback", "mutant"):
        with pytest.raises(ValueError, match=f"the {name} agent has no control setting"):
            make_agent(name, setting="control", **options)
    with pytest.raises(ValueError, match="unknown setting"):
        CCKAgent(agent.client, setting="library")  # type: ignore[attr-defined]


def test_a_sandbox_without_the_control_worlds_values_is_refused_before_anything_runs(
    scripted_openai: ScriptedOpenAIServer, tmp_path: Path, tasks: list[Task], programs: dict[str, str]
) -> None:
    agent = CCKAgent(client(scripted_openai, tmp_path), setting="control", control_programs=programs)
    with Sandbox(SandboxConfig(workers=1)) as sandbox, pytest.raises(ValueError, match="value modules"):
        run_agent(tasks, agent, tmp_path / "control.jsonl", sandbox=sandbox, ids=IDS[:1], progress=False)
    assert not (tmp_path / "control.jsonl").exists()
