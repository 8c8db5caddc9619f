"""Agents by name, for the command line (``aspera run --agent NAME``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aspera_core.agents.base import Agent
from aspera_core.agents.builtin import HandbackAgent, NoopAgent, ReferenceAgent, ReplayAgent


def _replay(replay: str | None = None, **_: Any) -> Agent:
    if not replay:
        raise ValueError("the replay agent needs a results file (--replay FILE)")
    return ReplayAgent(replay)


#: name -> factory taking keyword options (unused options are ignored).
AGENTS: dict[str, Callable[..., Agent]] = {
    "reference": lambda **_: ReferenceAgent(),
    "noop": lambda **_: NoopAgent(),
    "handback": lambda **_: HandbackAgent(),
    "replay": _replay,
}


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    """Make an agent available by name (model-backed agents register themselves here).

    Args:
        name: The name used on the command line.
        factory: Called with keyword options (e.g. ``replay=...``) to build the agent.

    Raises:
        ValueError: the name is taken.
    """
    if name in AGENTS:
        raise ValueError(f"an agent named {name!r} is already registered")
    AGENTS[name] = factory


def make_agent(name: str, **options: Any) -> Agent:
    """Build the agent called ``name``.

    Args:
        name: A registered agent name.
        **options: Options for its factory (``replay`` for the replay agent).

    Returns:
        The agent.

    Raises:
        KeyError: no agent has that name.
        ValueError: an option the agent needs is missing or invalid.
    """
    try:
        factory = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; available: {', '.join(sorted(AGENTS))}") from None
    return factory(**options)
