"""One builder of the model client for the agents, generation and the judge: the same options give the same client.

Three places used to build a client from their options, each its own way; given the same cache
folder written as ``~/answers`` (as a parameter file or a quoted ``--cache-dir`` gives it),
generation cached in the home folder while ``aspera run`` and ``aspera judge`` made a folder
named ``~`` in the working directory.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_core.records import Experiment
from aspera_core.tasks import load_tasks, tasks_digest
from aspera_workbench.cli.main import main
from aspera_workbench.generation import GenerationParams
from aspera_workbench.generation.runtime import build_client
from aspera_workbench.llm import Budget, LLMConfig, build_model_client
from tests.judge.support import results_file
from tests.support.openai_server import Reply, ScriptedOpenAIServer

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A home folder and a working directory apart from it, with a key for the scripted server."""
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("ASPERA_LLM_CACHE", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    monkeypatch.chdir(work)
    return home, work


def _cached_in(folder: Path) -> int:
    return len(list(folder.rglob("*.json"))) if folder.is_dir() else 0


def _answered_by_run(server: ScriptedOpenAIServer, work: Path) -> None:
    program = load_tasks(MINI_RELEASE)[0].program
    server.script([Reply.text(f"```python\n{program}```")], repeat_last=True)
    arguments = ["run", "--tasks", str(MINI_RELEASE), "--agent", "cck", "--model", "scripted-model"]
    arguments += ["--base-url", server.base_url, "--limit", "1", "--out", str(work / "run.jsonl")]
    assert main([*arguments, "--cache-dir", "~/answers", "--no-progress"]) == 0


def _answered_by_judge(server: ScriptedOpenAIServer, work: Path) -> None:
    tasks = load_tasks(MINI_RELEASE)
    experiment = Experiment(
        agent="reference", task_set=str(MINI_RELEASE), task_set_digest=tasks_digest(tasks), workbench_version="test"
    )
    row = {"task_id": tasks[0].query_id, "program": tasks[0].program, "query": tasks[0].query, "outcome": "success"}
    results = results_file(work / "reference.jsonl", [row], experiment)
    server.script([Reply.text("Verdict: correct")], repeat_last=True)
    arguments = ["judge", str(results), "--model", "scripted-model", "--base-url", server.base_url]
    assert main([*arguments, "--out", str(work / "judged.jsonl"), "--cache-dir", "~/answers", "--no-progress"]) == 0


def _answered_in_generation(server: ScriptedOpenAIServer, work: Path) -> None:
    params = GenerationParams(model="scripted-model", base_url=server.base_url, cache_dir="~/answers")
    with build_client(params, work) as client:
        client.complete([{"role": "user", "content": "hello"}])


@pytest.mark.parametrize("answered", [_answered_by_run, _answered_by_judge, _answered_in_generation])
def test_a_cache_folder_under_home_is_the_same_folder_for_the_agents_the_judge_and_generation(
    answered, places: tuple[Path, Path], scripted_openai: ScriptedOpenAIServer
) -> None:
    home, work = places
    answered(scripted_openai, work)
    assert _cached_in(home / "answers") >= 1
    assert not (work / "~").exists()


def test_the_builder_states_every_setting_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_KEY", "test-key")
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    budget = Budget(max_cost_usd=None)
    client = build_model_client(
        model="m",
        base_url="http://127.0.0.1:9/v1/",
        api_key_env="MY_KEY",
        temperature=None,
        seed=3,
        max_tokens=100,
        timeout_s=7.0,
        cache_dir=tmp_path / "answers",
        budget=budget,
    )
    assert client.config == LLMConfig(
        model="m", base_url="http://127.0.0.1:9/v1", api_key_env="MY_KEY", temperature=None, seed=3, max_tokens=100,
        timeout_s=7.0,
    )  # fmt: skip
    assert client.cache is not None and client.cache.directory == tmp_path / "answers"
    assert client.budget is budget
    # None keeps a default (except temperature, None sends none); no cache asked for, none made;
    # without a spend account one is opened (a limit when given), so that the spend is counted.
    plain = build_model_client(model="m", temperature=0.0, use_cache=False, max_cost_usd=None)
    assert plain.config == LLMConfig(model="m", temperature=0.0)
    assert plain.cache is None and plain.budget is not None and plain.budget.max_cost_usd is None
