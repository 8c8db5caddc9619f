"""Agents: whatever turns a task into a program.

An :class:`Agent` has a ``name``, a ``model`` and a ``setting`` (recorded in
every result row), says whether it is ``seeded``, and has one method,
``propose(task, seed) -> Proposal``. The built-ins need no model:

* ``reference`` - the task's own reference program;
* ``noop`` - a function with the reference program's name that does nothing;
* ``handback`` - a function that raises ``RequiresUserInput`` at once;
* ``replay`` - the programs of an earlier results file, matched by task id.

Model-backed agents, the mutant agent and the registry of agents by name live
in :mod:`aspera_workbench.agents`.
"""

from aspera_core.agents.base import Agent, ProgramUnavailable, Proposal, StopRun
from aspera_core.agents.builtin import BuiltinAgent, HandbackAgent, NoopAgent, ReferenceAgent, ReplayAgent

__all__ = [
    "Agent",
    "BuiltinAgent",
    "HandbackAgent",
    "NoopAgent",
    "ProgramUnavailable",
    "Proposal",
    "ReferenceAgent",
    "ReplayAgent",
    "StopRun",
]
