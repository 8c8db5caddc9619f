"""params/explore.yaml: CCK, PS and explore with one model and the same seeds, buildable as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_workbench.agents import make_agent
from aspera_workbench.pipeline.pipeline_params import load_params

ROOT = Path(__file__).resolve().parents[2]


def test_the_three_settings_share_model_and_seeds_and_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    params = load_params(ROOT / "params" / "explore.yaml")
    params.check_files(ROOT)
    assert [spec.agent for spec in params.agents] == ["cck", "ps", "explore"]
    assert len({spec.options["model"] for spec in params.agents}) == 1
    assert len({tuple(spec.seeds or ()) for spec in params.agents}) == 1 and params.agents[0].seeds
    assert "05_paper_tables_figures" in params.notebooks
    monkeypatch.setenv("OPENAI_API_KEY", "not-used")
    monkeypatch.setenv("ASPERA_LLM_CACHE", str(tmp_path / "cache"))
    agents = [make_agent(spec.agent, **spec.options) for spec in params.agents]
    try:
        assert [agent.setting for agent in agents] == ["cck", "ps", "explore"]
        explore = agents[2].parameters()
        options = params.agents[2].options
        assert explore["budgets"] == {
            "max_turns": options["max_turns"],
            "max_tokens": options["max_episode_tokens"],
            "max_dry_runs": options["max_dry_runs"],
        }
        assert (explore["dry_run_world"], explore["protocol"]) == ("generic", "auto")
        assert all(agent.client.budget is not None for agent in agents)  # spending limits reach the clients
    finally:
        agents[2].close()
