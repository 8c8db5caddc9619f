"""Agent option values checked without building the agent: no request, no key, no file or folder created."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from aspera_workbench.agents import make_agent
from aspera_workbench.agents.agent_registry import AGENT_OPTIONS, check_options
from aspera_workbench.options import describe


@pytest.mark.parametrize(
    ("agent", "options", "words"),
    [
        ("replay", {}, "replay: Field required"),
        ("replay", {"replay": "/nonexistent.jsonl"}, "replay: /nonexistent.jsonl does not exist"),
        ("replay", {"replay": 3}, "replay: Input should be a valid string, got 3"),
        (
            "mutant",
            {"mutation_kinds": ["drop_actoin"]},
            "mutation_kinds: unknown mutation kind 'drop_actoin' (did you mean 'drop_action'?)",
        ),
        (
            "mutant",
            {"mutation_kinds": "drop_action"},
            "mutation_kinds: Input should be a valid list, got 'drop_action'",
        ),
        ("reference", {"setting": "control"}, "setting: the reference agent has no control setting"),
        ("cck", {"model": "m", "setting": "contrl"}, "setting: unknown setting 'contrl'"),
        ("cck", {"temperature": 0.2}, "model: Field required"),
        ("cck", {"model": " "}, "model: expected a name, got ' '"),
        ("cck", {"model": "m", "temperature": "hot"}, "temperature: Input should be a valid number, got 'hot'"),
        ("cck", {"model": "m", "temperature": -1}, "temperature: Input should be greater than or equal to 0, got -1"),
        ("cck", {"model": "m", "temperature": True}, "temperature: Input should be a valid number, got True"),
        ("cck", {"model": "m", "temperature": float("nan")}, "temperature: Input should be a finite number"),
        ("cck", {"model": "m", "base_url": "localhost:8000/v1"}, "base_url: expected a URL starting with http://"),
        ("ps", {"model": "m", "max_tokens": 0}, "max_tokens: Input should be greater than or equal to 1, got 0"),
        ("ps", {"model": "m", "max_tokens": 1.5}, "max_tokens: Input should be a valid integer, got 1.5"),
        ("cck", {"model": "m", "request_timeout_s": 0}, "request_timeout_s: Input should be greater than 0, got 0"),
        ("cck", {"model": "m", "max_cost_usd": -1}, "max_cost_usd: Input should be greater than or equal to 0"),
        ("cck", {"model": "toy", "max_cost_usd": 1}, "max_cost_usd: a spend limit is set but no price for model 'toy'"),
        ("cck", {"model": "m", "use_cache": "no"}, "use_cache: Input should be a valid boolean, got 'no'"),
        ("explore", {"model": "m", "max_turns": 0}, "max_turns: Input should be greater than or equal to 1"),
        ("explore", {"model": "m", "max_dry_runs": -1}, "max_dry_runs: Input should be greater than or equal to 0"),
        ("explore", {"model": "m", "dry_run_world": "real"}, "dry_run_world: Input should be 'generic' or 'task'"),
        ("explore", {"model": "m", "protocol": "xml"}, "protocol: Input should be 'auto', 'tools' or 'text'"),
        (
            "cck",
            {"model": "m", "temprature": 0.7},
            "unknown key 'temprature' (did you mean 'temperature'?); known keys: setting, model",
        ),
        ("reference", {"model": "m"}, "unknown key 'model'; known keys: setting"),
    ],
)
def test_bad_option_values_are_found_before_the_agent_is_built(
    agent: str, options: dict[str, object], words: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        check_options(agent, options, files=True)
    assert describe(caught.value).startswith(words), describe(caught.value)
    assert "\n" not in describe(caught.value)


def test_good_options_pass_without_a_key_a_request_or_a_file_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    results = tmp_path / "run.jsonl"
    results.write_text('{"task_id": "1", "program": "def f():\\n    pass\\n"}\n')
    before = sorted(tmp_path.rglob("*"))
    model = {"model": "gpt-4o-mini", "temperature": 0.2, "max_cost_usd": 1, "cache_dir": "cache"}
    assert check_options("cck", {**model, "prompts_dir": "prompts", "setting": "control"}, files=True, base=tmp_path)
    assert check_options("explore", {**model, "max_turns": 3, "protocol": "text", "temperature": None}, files=True)
    assert check_options("replay", {"replay": "run.jsonl"}, files=True, base=tmp_path)
    assert check_options("mutant", {"mutation_kinds": ["drop_action"], "setting": "library"}, files=True)
    assert check_options("someone-elses-agent", {"anything": object()}) is None
    assert sorted(tmp_path.rglob("*")) == before  # no cache or prompts folder made by a check


def test_files_are_looked_at_only_when_asked_and_named_as_given(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x\n")
    assert check_options("replay", {"replay": "nowhere.jsonl"}, base=tmp_path) is not None  # not looked at
    with pytest.raises(ValidationError) as caught:
        check_options("replay", {"replay": "."}, files=True, base=tmp_path)
    assert describe(caught.value) == "replay: . is a folder; the replay agent needs a results file"
    (tmp_path / "empty.jsonl").write_text("")
    with pytest.raises(ValidationError, match="no lines with a task_id and a program"):
        check_options("replay", {"replay": "empty.jsonl"}, files=True, base=tmp_path)
    with pytest.raises(ValidationError) as caught:
        check_options("cck", {"model": "m", "cache_dir": "file/cache"}, files=True, base=tmp_path)
    assert describe(caught.value).startswith("cache_dir: ") and "not a folder" in describe(caught.value)
    # without the cache, its folder is not the agent's business
    check_options("cck", {"model": "m", "use_cache": False, "cache_dir": "file/cache"}, files=True, base=tmp_path)


def test_the_spend_account_is_not_an_option_but_the_factory_takes_it() -> None:
    # The run's Budget object is passed by the command line; a parameter file names a limit (max_cost_usd).
    assert "budget" not in AGENT_OPTIONS["cck"].model_fields and "max_cost_usd" in AGENT_OPTIONS["cck"].model_fields
    with pytest.raises(ValidationError, match="budget"):
        check_options("cck", {"model": "m", "budget": None})
    assert make_agent("noop", budget=None).name == "noop"


def test_make_agent_ignores_options_the_agent_does_not_take_and_says_what_is_wrong_with_the_others() -> None:
    assert make_agent("reference", model="m", replay="x").name == "reference"
    with pytest.raises(ValueError, match=r"^the ps agent's options: setting: the ps agent has no control setting"):
        make_agent("ps", model="m", setting="control")
    with pytest.raises(ValueError, match=r"^the cck agent's options: model: Field required$"):
        make_agent("cck")


def test_a_path_object_names_a_file_as_its_text_does(tmp_path: Path) -> None:
    # tests/ui built the replay agent with a Path; the strict options model first refused it.
    results = tmp_path / "run.jsonl"
    results.write_text('{"task_id": "1", "program": "def f():\\n    pass\\n"}\n')
    assert make_agent("replay", replay=results).name == make_agent("replay", replay=str(results)).name
    options = check_options("cck", {"model": "m", "cache_dir": tmp_path / "cache"}, files=True)
    assert options is not None and options.cache_dir == str(tmp_path / "cache")
