"""Agents by name, the model-backed agents and the mutant agent.

The built-in agents that need no model (reference, noop, handback, replay)
and the agent protocol are in :mod:`aspera_core.agents`; this package adds:

* ``mutant`` - a semantics-breaking mutant of the reference program, drawn by the seed;
* ``cck``, ``ps`` and ``explore`` - model-backed agents (:mod:`.model_agents`, :mod:`.explore`);
* :func:`make_agent` / :func:`register_agent` - every agent by name, for the command line;
  :func:`check_options` and the options models (``AGENT_OPTIONS``) check an agent's options
  without building it, :func:`missing_key` whether its model key is set;
* :func:`extract_program` - the program in a model's answer (task generation reads answers too);
* :class:`PromptStore` and :func:`prompt_digest` - the prompt files the model-backed agents,
  the judge and task generation read, imported on first use: they load the model client.
"""

from __future__ import annotations

import importlib
from typing import Any

from aspera_workbench.agents.agent_registry import (
    AGENT_OPTIONS,
    AGENTS,
    MODEL_AGENTS,
    PATH_OPTIONS,
    SETTINGS,
    AgentOptions,
    ExploreOptions,
    ModelOptions,
    MutantOptions,
    ReplayOptions,
    check_options,
    closest_agent,
    make_agent,
    missing_key,
    register_agent,
)
from aspera_workbench.agents.answer_parsing import extract_program
from aspera_workbench.agents.mutant_agent import MutantAgent
from aspera_workbench.agents.selection_summary import selection_report

# Loaded on first use (PEP 562): the model agents' module imports the model client
# (openai), and the prompt builders the library and its documentation, which running
# the built-in agents (``aspera run --agent reference``) must not pay for.
_PROMPTS = ("Message", "PromptFiles", "cck_messages", "control_messages", "ps_messages", "reference_primitives")
_PROMPTS += ("selected_names", "selection_messages", "selection_scores")
_LAZY = {name: "aspera_workbench.agents.agent_prompts" for name in _PROMPTS}
_LAZY |= {
    name: "aspera_workbench.agents.model_agents"
    for name in ("PromptStore", "RequestTally", "prompt_digest", "return_types_digest")
}

__all__ = [
    "AGENTS",
    "AGENT_OPTIONS",
    "MODEL_AGENTS",
    "PATH_OPTIONS",
    "SETTINGS",
    "AgentOptions",
    "ExploreOptions",
    "ModelOptions",
    "MutantAgent",
    "MutantOptions",
    "ReplayOptions",
    "check_options",
    "closest_agent",
    "extract_program",
    "make_agent",
    "missing_key",
    "register_agent",
    "selection_report",
    *_LAZY,
]


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
