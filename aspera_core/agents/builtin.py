"""Built-in agents: reference, noop, handback and replay.

They need no model and make good baselines and sanity checks: the reference
program must pass every task, a program that does nothing must fail every task
whose goal is an action, and replaying a results file re-evaluates its programs.
"""

from __future__ import annotations

import json
from pathlib import Path

from aspera_core.agents.base import ProgramUnavailable
from aspera_core.tasks import Task, function_name


def _solution_name(task: Task) -> str:
    return function_name(task.program) or "solution"


class ReferenceAgent:
    """Submits the task's own reference program."""

    name = "reference"
    model: str | None = None
    seed: int | None = None

    def program(self, task: Task) -> str:
        """Return ``task.program``."""
        return task.program


class NoopAgent:
    """Submits a function with the reference program's name that does nothing."""

    name = "noop"
    model: str | None = None
    seed: int | None = None

    def program(self, task: Task) -> str:
        """Return ``def <name>():\\n    pass``."""
        return f"def {_solution_name(task)}():\n    pass\n"


class HandbackAgent:
    """Submits a function that hands control back to the user at once."""

    name = "handback"
    model: str | None = None
    seed: int | None = None

    def program(self, task: Task) -> str:
        """Return a function that raises ``RequiresUserInput`` (with a release-style import line)."""
        return (
            "from aspera.apps_implementation.exceptions import RequiresUserInput\n"
            "\n"
            "\n"
            f"def {_solution_name(task)}():\n"
            '    raise RequiresUserInput("Could you tell me more about what you need?")\n'
        )


class ReplayAgent:
    """Submits the programs stored in an earlier results file, matched by task id.

    The first row of each task id is used. ``model`` and ``seed`` are taken
    from the file when all its rows agree on them.

    Args:
        path: A results file written by ``aspera run``.

    Raises:
        FileNotFoundError: the file does not exist.
        ValueError: the file contains no row with a ``task_id`` and a ``program``.
    """

    name = "replay"

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.programs: dict[str, str] = {}
        models: set[str | None] = set()
        seeds: set[int | None] = set()
        for line in self.path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                row = json.loads(line)
            except ValueError:
                continue  # e.g. a line cut off by an interrupted run
            if not isinstance(row, dict):
                continue
            task_id, program = row.get("task_id"), row.get("program")
            if isinstance(task_id, str) and isinstance(program, str) and task_id not in self.programs:
                self.programs[task_id] = program
                models.add(row.get("model"))
                seeds.add(row.get("seed"))
        if not self.programs:
            raise ValueError(f"{self.path} contains no result rows with a task_id and a program")
        self.model: str | None = models.pop() if len(models) == 1 else None
        seed = seeds.pop() if len(seeds) == 1 else None
        self.seed: int | None = seed if isinstance(seed, int) else None

    def program(self, task: Task) -> str:
        """Return the stored program of ``task``.

        Raises:
            ProgramUnavailable: the file has no row for this task.
        """
        try:
            return self.programs[task.query_id]
        except KeyError:
            raise ProgramUnavailable(f"{self.path} has no program for task {task.query_id}") from None
