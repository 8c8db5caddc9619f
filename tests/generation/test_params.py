"""Generation parameters: the project's file loads, mistakes are named."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_workbench.generation import load_generation_params
from aspera_workbench.pipeline import ParamsError

ROOT = Path(__file__).resolve().parents[2]


def test_the_project_file_asks_for_ten_tasks_within_a_spending_limit() -> None:
    params = load_generation_params(ROOT / "params" / "generate.yaml")
    assert sum(round_.tasks for round_ in params.rounds) == 10
    assert params.max_cost_usd and params.max_cost_usd > 0 and params.session.endswith(".jsonl")
    rounds = [round_.round() for round_ in params.rounds]
    assert rounds[0].focus is None and rounds[1].focus and rounds[1].max_queries == 15


@pytest.mark.parametrize(
    "overrides, message",
    [
        (["modle=x"], "unknown key 'modle'"),
        (["model="], "model"),
        (["apps=[calendar]"], "unknown app(s) calendar"),
        (["rounds=[{tasks: 1, focus: a}, {tasks: 2, focus: ' a '}]"], "same focus"),
        (["rounds=[{tasks: 0}]"], "rounds.0.tasks"),
        (["rounds=[{tasks: 1, fokus: a}]"], "unknown key 'rounds.0.fokus'"),
        (["max_cost_usd=-1"], "max_cost_usd"),
        (["nothing"], "expected key=value"),
    ],
)
def test_bad_parameters_are_named(overrides: list[str], message: str) -> None:
    with pytest.raises(ParamsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_generation_params(ROOT / "params" / "generate.yaml", overrides)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(ParamsError, match="does not exist"):
        load_generation_params(tmp_path / "none.yaml")
    (tmp_path / "list.yaml").write_text("- a\n")
    with pytest.raises(ParamsError, match="mapping"):
        load_generation_params(tmp_path / "list.yaml")


@pytest.mark.parametrize(
    "override, hint",
    [
        ("max_queries=6", "max_queries is a key of each round: -p 'rounds=[{tasks: 1, max_queries: 6}]'"),
        ("focus=dates", "focus is a key of each round: -p 'rounds=[{tasks: 1, focus: dates}]'"),
        ("tasks=4", "tasks is a key of each round: -p 'rounds=[{tasks: 4}]'"),
    ],
)
def test_a_key_of_a_round_given_at_the_top_says_where_it_belongs(override: str, hint: str) -> None:
    # "-p max_queries=6" was refused as an unknown key, with no word of the rounds it belongs to.
    with pytest.raises(ParamsError) as raised:
        load_generation_params(ROOT / "params" / "generate.yaml", [override])
    assert str(raised.value) == f"unknown key {override.split('=')[0]!r}; {hint}"
