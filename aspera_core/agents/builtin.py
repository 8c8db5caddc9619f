"""Built-in agents: reference, noop, handback and replay.

They need no model and make good baselines and sanity checks: the reference
program must pass every task, a program that does nothing must fail every task
whose goal is an action, and replaying a results file re-evaluates its programs.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from aspera_core.agents.base import ProgramUnavailable, Proposal
from aspera_core.outcomes import Outcome
from aspera_core.tasks import Task, function_name


def _solution_name(task: Task) -> str:
    return function_name(task.program) or "solution"


class BuiltinAgent:
    """Shared attributes of the agents that need no model."""

    name = ""
    model: str | None = None
    setting: str | None = None
    seeded = False

    def parameters(self) -> dict[str, Any]:
        """Built-in agents have no parameters."""
        return {}

    def program(self, task: Task) -> str:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def propose(self, task: Task, seed: int | None = None) -> Proposal:
        """Return :meth:`program` as a proposal (the seed is ignored)."""
        return Proposal(program=self.program(task))


class ReferenceAgent(BuiltinAgent):
    """Submits the task's own reference program."""

    name = "reference"

    def program(self, task: Task) -> str:
        """Return ``task.program``."""
        return task.program


class NoopAgent(BuiltinAgent):
    """Submits a function with the reference program's name that does nothing."""

    name = "noop"

    def program(self, task: Task) -> str:
        """Return ``def <name>():\\n    pass``."""
        return f"def {_solution_name(task)}():\n    pass\n"


class HandbackAgent(BuiltinAgent):
    """Submits a function that hands control back to the user at once."""

    name = "handback"

    def program(self, task: Task) -> str:
        """Return a function that raises ``RequiresUserInput`` (with a release-style import line)."""
        return (
            "from aspera.apps_implementation.exceptions import RequiresUserInput\n"
            "\n"
            "\n"
            f"def {_solution_name(task)}():\n"
            '    raise RequiresUserInput("Could you tell me more about what you need?")\n'
        )


class ReplayAgent(BuiltinAgent):
    """Submits the programs stored in a file of earlier results, matched by task id.

    The file may be a results file of this workbench or any JSON Lines file
    whose lines have at least ``task_id`` and ``program`` (other lines, such
    as a results header, are ignored). The first program of each task id is
    used; ``model`` is taken from the file when all its rows agree on it.
    Rows with the outcome ``model_error`` are passed over: no program was
    obtained for them (their ``program`` is empty), and a resumed run wrote the
    task's program on a later row, which is the one replayed.

    Args:
        path: The file to replay.

    Raises:
        FileNotFoundError: the file does not exist.
        ValueError: the file contains no line with a ``task_id`` and a ``program``.
    """

    name = "replay"

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise ValueError(f"{self.path} is a folder; the replay agent needs a results file")
        data = self.path.read_bytes()
        self.digest = hashlib.sha256(data).hexdigest()
        self.programs: dict[str, str] = {}
        self.model_errors: set[str] = set()  # tasks with model_error rows only, so far
        models: set[str | None] = set()
        for line in data.decode("utf-8", errors="replace").splitlines():
            try:
                row = json.loads(line)
            except ValueError:
                continue  # e.g. a line cut off by an interrupted run
            if not isinstance(row, dict):
                continue
            task_id, program = row.get("task_id"), row.get("program")
            if row.get("outcome") == Outcome.MODEL_ERROR.value and isinstance(task_id, str | int):
                self.model_errors.add(str(task_id))
                continue
            if isinstance(task_id, str | int) and isinstance(program, str) and str(task_id) not in self.programs:
                self.programs[str(task_id)] = program
                models.add(row.get("model"))
        if not self.programs:
            errors = f" (only model_error rows, which hold none, for {len(self.model_errors)} task(s))"
            raise ValueError(
                f"{self.path} contains no lines with a task_id and a program{errors if self.model_errors else ''}"
            )
        model = models.pop() if len(models) == 1 else None
        self.model = model if isinstance(model, str) else None

    def parameters(self) -> dict[str, Any]:
        """The replayed file's content digest (another file is another experiment)."""
        return {"replay_sha256": self.digest}

    def program(self, task: Task) -> str:
        """Return the stored program of ``task``.

        Raises:
            ProgramUnavailable: the file has no program for this task.
        """
        try:
            return self.programs[task.query_id]
        except KeyError:
            why = " (only model_error rows: no program was obtained)" if task.query_id in self.model_errors else ""
            raise ProgramUnavailable(f"{self.path} has no program for task {task.query_id}{why}") from None
