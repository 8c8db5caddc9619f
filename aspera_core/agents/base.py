"""The agent interface: a task goes in, a program (Python source) comes out."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from aspera_core.tasks import Task


class ProgramUnavailable(Exception):
    """The agent has no program for this task (the runner skips the task and writes no row)."""


@runtime_checkable
class Agent(Protocol):
    """Anything that writes a program for a task.

    Attributes:
        name: Short name stored in every result row (``reference``, ``noop``, ...).
        model: Model behind the agent, or ``None`` for built-in agents.
        seed: Sampling seed of the model, or ``None``.
    """

    name: str
    model: str | None
    seed: int | None

    def program(self, task: Task) -> str:
        """Write the program for ``task``.

        Args:
            task: The task (query, scenario, reference program...).

        Returns:
            Python source: import lines (optional) and the solution function.
            Text without any function definition is evaluated as a parse error.

        Raises:
            ProgramUnavailable: the agent cannot produce a program for this task.
        """
        ...
