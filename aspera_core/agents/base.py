"""The agent interface: a task (and a seed) go in, a :class:`Proposal` comes out.

An agent is anything with the attributes and the method of :class:`Agent`.
The runner calls :meth:`Agent.propose` from several threads at once when
``concurrency`` > 1, so an agent must be safe to call concurrently (the
built-ins hold no mutable state; model-backed agents share a thread-safe client).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from aspera_core.outcomes import Outcome
from aspera_core.records import Generation, Selection
from aspera_core.tasks import Task


class ProgramUnavailable(Exception):
    """The agent has no program for this task (the runner skips the task and writes no row)."""


class StopRun(Exception):
    """The agent asks the runner to stop cleanly, e.g. because the spending limit is reached.

    The runner starts nothing new, finishes and records what is in flight, and
    reports the reason. ``advice`` says what to do next when running the same
    command again would stop the same way (``None``: the usual advice).
    """

    def __init__(self, message: str = "", *, advice: str | None = None) -> None:
        super().__init__(message)
        self.advice = advice


@dataclass(frozen=True)
class Proposal:
    """What an agent produced for one task and seed.

    Attributes:
        program: The program's source (import lines optional, then the
            solution function); empty when there is none.
        failure: ``MODEL_ERROR`` when the model never answered usefully, or
            ``PARSE_ERROR`` when its answer held no program; such proposals
            are recorded without being evaluated. ``None`` for a program to evaluate.
        message: Why, for a failure.
        generation: How a model produced the program.
        selection: Primitive selection and its scores.
        mutation: What was changed, for programs derived from the reference.
        details: Anything else worth keeping in the row (JSON values).
    """

    program: str = ""
    failure: Outcome | None = None
    message: str | None = None
    generation: Generation | None = None
    selection: Selection | None = None
    mutation: str | None = None
    details: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.failure not in (None, Outcome.MODEL_ERROR, Outcome.PARSE_ERROR):
            raise ValueError(f"a proposal can only fail with model_error or parse_error, not {self.failure}")


@runtime_checkable
class Agent(Protocol):
    """Anything that writes programs for tasks.

    Attributes:
        name: Short name stored in every result row (``reference``, ``cck``, ...).
        model: Model behind the agent, or ``None`` for built-in agents.
        setting: Its setting (``cck``, ``ps``, ...), or ``None``.
        seeded: Whether its programs depend on a seed (then the runner runs
            every requested seed; otherwise each task once, with seed ``None``).

    An agent may also define ``evaluation_task(task) -> Task``: the task its
    programs are evaluated on instead of ``task`` (the control setting's agents
    return a wrapping that runs the task's own checks in another world), and
    ``value_modules``: the modules whose values those tasks hand the program,
    which the runner's sandbox registers (``SandboxConfig.value_modules``).
    """

    name: str
    model: str | None
    setting: str | None
    seeded: bool

    def parameters(self) -> dict[str, Any]:
        """Everything else that shapes the programs (sampling parameters,
        template versions, the digest of a replayed file...), as JSON values.
        Recorded in the results file's experiment: runs with other
        parameters go to another file."""
        ...

    def propose(self, task: Task, seed: int | None) -> Proposal:
        """Write the program for ``task`` (``seed`` is ``None`` for agents that are not seeded).

        Text without any function definition is evaluated as a parse error.

        Raises:
            ProgramUnavailable: the agent cannot produce a program for this task.
            StopRun: the run must stop (e.g. the spending limit is reached).
        """
        ...
