"""Agents by name, the model-backed agents and the mutant agent.

The built-in agents that need no model (reference, noop, handback, replay)
and the agent protocol are in :mod:`aspera_core.agents`; this package adds:

* ``mutant`` - a semantics-breaking mutant of the reference program, drawn by the seed;
* ``cck``, ``ps`` and ``explore`` - model-backed agents (:mod:`.model_agents`, :mod:`.explore`);
* :func:`make_agent` / :func:`register_agent` - every agent by name, for the command line.
"""

from aspera_workbench.agents.agent_registry import AGENTS, SETTINGS, make_agent, register_agent
from aspera_workbench.agents.mutant_agent import MutantAgent

__all__ = ["AGENTS", "MutantAgent", "SETTINGS", "make_agent", "register_agent"]
