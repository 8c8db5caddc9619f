"""Agents: whatever turns a task into a program.

An :class:`Agent` has a ``name``, a ``model`` and a ``setting`` (recorded in
every result row), says whether it is ``seeded``, and has one method,
``propose(task, seed) -> Proposal``. Built-ins:

* ``reference`` - the task's own reference program;
* ``noop`` - a function with the reference program's name that does nothing;
* ``handback`` - a function that raises ``RequiresUserInput`` at once;
* ``replay`` - the programs of an earlier results file, matched by task id;
* ``mutant`` - a semantics-breaking mutant of the reference program, drawn by the seed.

Model-backed agents plug in with :func:`register_agent`.
"""

from aspera_core.agents.base import Agent, ProgramUnavailable, Proposal, StopRun
from aspera_core.agents.builtin import HandbackAgent, MutantAgent, NoopAgent, ReferenceAgent, ReplayAgent
from aspera_core.agents.registry import AGENTS, SETTINGS, make_agent, register_agent

__all__ = [
    "AGENTS",
    "Agent",
    "HandbackAgent",
    "MutantAgent",
    "NoopAgent",
    "ProgramUnavailable",
    "Proposal",
    "ReferenceAgent",
    "ReplayAgent",
    "SETTINGS",
    "StopRun",
    "make_agent",
    "register_agent",
]
