"""Agent option values checked without building the agent: no request, no key, no file or folder created."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_workbench.agents.agent_registry import OPTIONS, OptionProblem, option_problem, unknown_options


@pytest.mark.parametrize(
    ("agent", "options", "option", "words"),
    [
        ("replay", {}, "replay", "the replay agent needs a results file"),
        ("replay", {"replay": "/nonexistent.jsonl"}, "replay", "/nonexistent.jsonl does not exist"),
        ("replay", {"replay": 3}, "replay", "expected a file name"),
        (
            "mutant",
            {"mutation_kinds": ["drop_actoin"]},
            "mutation_kinds",
            "'drop_actoin' (did you mean 'drop_action'?)",
        ),
        ("mutant", {"mutation_kinds": "drop_action"}, "mutation_kinds", "expected a list of mutation kinds"),
        ("reference", {"setting": "control"}, "setting", "the reference agent has no control setting"),
        ("cck", {"model": "m", "setting": "contrl"}, "setting", "unknown setting 'contrl'"),
        ("cck", {"temperature": 0.2}, "model", "the cck agent needs a model"),
        ("cck", {"model": " "}, "model", "expected a model name"),
        ("cck", {"model": "m", "temperature": "hot"}, "temperature", "expected a finite number of at least 0"),
        ("cck", {"model": "m", "temperature": -1}, "temperature", "expected a finite number of at least 0, got -1"),
        ("cck", {"model": "m", "temperature": True}, "temperature", "expected a finite number of at least 0"),
        ("cck", {"model": "m", "base_url": "localhost:8000/v1"}, "base_url", "starting with http:// or https://"),
        ("ps", {"model": "m", "max_tokens": 0}, "max_tokens", "expected a whole number of at least 1, got 0"),
        ("ps", {"model": "m", "max_tokens": 1.5}, "max_tokens", "expected a whole number of at least 1"),
        ("cck", {"model": "m", "request_timeout_s": 0}, "request_timeout_s", "greater than 0"),
        ("cck", {"model": "m", "max_cost_usd": -1}, "max_cost_usd", "dollars of at least 0"),
        ("cck", {"model": "toy", "max_cost_usd": 1}, "max_cost_usd", "no price for model 'toy'"),
        ("cck", {"model": "m", "use_cache": "no"}, "use_cache", "expected true or false"),
        ("explore", {"model": "m", "max_turns": 0}, "max_turns", "at least 1"),
        ("explore", {"model": "m", "max_dry_runs": -1}, "max_dry_runs", "at least 0"),
        ("explore", {"model": "m", "dry_run_world": "real"}, "dry_run_world", "expected one of: generic, task"),
        ("explore", {"model": "m", "protocol": "xml"}, "protocol", "expected one of: auto, tools, text"),
    ],
)
def test_bad_option_values_are_found_before_the_agent_is_built(
    agent: str, options: dict[str, object], option: str, words: str
) -> None:
    problem = option_problem(agent, options)
    assert isinstance(problem, OptionProblem) and problem.option == option, problem
    assert words in problem.problem and "\n" not in problem.problem
    assert problem.missing == (words.endswith(("needs a model", "needs a results file")))


def test_good_options_pass_without_a_key_a_request_or_a_file_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    results = tmp_path / "run.jsonl"
    results.write_text('{"task_id": "1", "program": "def f():\\n    pass\\n"}\n')
    before = sorted(tmp_path.rglob("*"))
    cache, prompts = tmp_path / "cache", tmp_path / "prompts"
    model = {"model": "gpt-4o-mini", "temperature": 0.2, "max_cost_usd": 1, "cache_dir": str(cache)}
    assert option_problem("cck", {**model, "prompts_dir": str(prompts), "setting": "control"}) is None
    assert option_problem("explore", {**model, "max_turns": 3, "protocol": "text", "temperature": None}) is None
    assert option_problem("replay", {"replay": str(results)}) is None
    assert option_problem("mutant", {"mutation_kinds": ["drop_action"], "setting": "library"}) is None
    assert option_problem("someone-elses-agent", {"anything": object()}) is None
    assert sorted(tmp_path.rglob("*")) == before  # no cache or prompts folder made by a check


def test_a_folder_or_a_file_in_the_way_is_a_problem_of_its_option(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x\n")
    assert option_problem("replay", {"replay": str(tmp_path)}) == OptionProblem(
        "replay", f"{tmp_path} is a folder; the replay agent needs a results file"
    )
    problem = option_problem("cck", {"model": "m", "cache_dir": str(tmp_path / "file" / "cache")})
    assert problem is not None and problem.option == "cache_dir" and "not a folder" in problem.problem


def test_the_spend_account_is_not_an_option_a_parameter_file_may_give() -> None:
    # The run's Budget object is passed by the command line; a parameter file names a limit (max_cost_usd).
    assert "budget" not in OPTIONS["cck"] and "max_cost_usd" in OPTIONS["cck"]
    assert unknown_options("cck", ["budget"]) is not None
