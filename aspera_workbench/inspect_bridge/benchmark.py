"""The task arguments of ``aspera_workbench/asper_bench`` and the experiment they make.

An inspect run is the experiment of ``aspera run --agent cck`` (or ``ps``, or ``cck
--setting control``) with the same model: the same task set, prompt files, parser and
sandbox limits. :func:`experiment_parameters` records ``aspera run``'s parameters plus
``harness: inspect_ai``, so the two runs are different experiments that compare task by task.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aspera_core.executor import SandboxConfig, default_workers
from aspera_core.tasks import Task, TaskFormatError, open_task_set, select_tasks
from aspera_core.version import __version__
from aspera_workbench.agents import PromptFiles, return_types_digest
from aspera_workbench.control import control_task, default_control_dir, load_control_programs
from aspera_workbench.surface import ALL_MODULES

#: The ``setting`` task argument: complete codebase knowledge, primitive selection, the control surface.
SETTINGS = ("cck", "ps", "control")
#: The task set shipped with the workbench (``data/`` beside the package in a source checkout).
EMBEDDED_TASKS = Path(__file__).resolve().parents[2] / "data" / "aspera_workbench_v1"
#: Recorded in the parameters of an imported experiment: how its programs were obtained.
HARNESS = "inspect_ai"
#: Name of the task in inspect's registry (the package is its namespace).
TASK_NAME = "aspera_workbench/asper_bench"
#: Key of the task's metadata in the log (``log.eval.metadata``).
METADATA_KEY = "aspera"

# Worked examples shown by each setting: those of CCKAgent (5) and PSAgent (1) in aspera run.
CCK_EXAMPLES = 5
PS_EXAMPLES = 1


class BenchmarkError(ValueError):
    """A task argument is unusable (the message names it)."""


def task_ids(ids: object) -> list[str] | None:
    """The ``ids`` argument (``"1001,1002"``, ``1001``, ``[1001, "1002"]`` or ``None``) as task ids."""
    if ids is None:
        return None
    if isinstance(ids, bool):
        raise BenchmarkError(f"asper_bench: ids: expected task ids, got {ids!r}")
    if isinstance(ids, int | str):
        items = [part.strip() for part in str(ids).replace(" ", ",").split(",") if part.strip()]
    elif isinstance(ids, list | tuple):
        items = [str(item).strip() for item in ids]
    else:
        raise BenchmarkError(f"asper_bench: ids: expected task ids, got {type(ids).__name__}")
    if not items or not all(items):
        raise BenchmarkError("asper_bench: ids: no task id given")
    return items


def _positive(name: str, value: object, kind: type) -> Any:
    wrong_type = isinstance(value, bool) or not isinstance(value, int if kind is int else int | float)
    if wrong_type or value <= 0:  # type: ignore[operator]
        raise BenchmarkError(f"asper_bench: {name}: expected a positive {kind.__name__}, got {value!r}")
    return value


@dataclass(frozen=True)
class Benchmark:
    """The loaded task set and everything fixed by the task arguments (what solver and scorer share)."""

    setting: str
    task_set: str
    digest: str
    tasks: Mapping[str, Task]
    selected: tuple[Task, ...]
    files: PromptFiles
    control_programs: Mapping[str, str] = field(default_factory=dict)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)

    @property
    def name(self) -> str:
        return f"{self.setting} on {len(self.selected)} of {len(self.tasks)} tasks of {self.task_set}"

    @property
    def agent(self) -> str:
        """The ``aspera run`` agent whose experiment this is (control programs are written by cck)."""
        return "ps" if self.setting == "ps" else "cck"

    @property
    def control(self) -> bool:
        return self.setting == "control"

    @property
    def solution_arguments(self) -> int:
        return 1 if self.control else 0  # control programs are called with the world

    def evaluation_task(self, task: Task) -> Task:
        return control_task(task) if self.control else task

    def identity(self) -> dict[str, Any]:
        return {
            "setting": self.setting,
            "agent": self.agent,
            "task_set": self.task_set,
            "task_set_digest": self.digest,
            "template_version": self.files.version,
            "library_fixes": self.sandbox.library_fixes,
            "workbench_version": __version__,
            "timeout_s": self.sandbox.timeout_s,
            "memory_mb": self.sandbox.memory_mb,
            "control_return_types": return_types_digest(self.control_programs) if self.control else None,
        }


def experiment_parameters(
    identity: Mapping[str, Any], temperature: float | None, max_tokens: int | None
) -> dict[str, Any]:
    """The parameters ``aspera run`` records for the log's agent and setting, plus ``harness: inspect_ai``."""
    setting = identity["setting"]
    parameters: dict[str, Any] = {
        "temperature": temperature,
        "max_tokens": max_tokens,
        "template_version": identity["template_version"],
        "examples": PS_EXAMPLES if setting == "ps" else CCK_EXAMPLES,
        "guidelines": True,
    }
    if setting == "ps":
        parameters["selection_modules"] = list(ALL_MODULES)
    if setting == "control":
        parameters["control_return_types"] = identity["control_return_types"]
    parameters["harness"] = HARNESS
    return parameters


def load_benchmark(
    tasks: str | None = None,
    setting: str = "cck",
    ids: object = None,
    limit: int | None = None,
    timeout: float = 10.0,
    memory_mb: int = 1024,
    workers: int | None = None,
    library_fixes: bool = False,
) -> Benchmark:
    """Check the task arguments (see :func:`~aspera_workbench.inspect_bridge.task.asper_bench`) and load what they name.

    Raises:
        BenchmarkError: a bad argument, or a task set that cannot be loaded (named).
    """
    if setting not in SETTINGS:
        raise BenchmarkError(f"asper_bench: setting: expected one of {', '.join(SETTINGS)}, got {setting!r}")
    if limit is not None:
        _positive("limit", limit, int)
    config = SandboxConfig(
        workers=default_workers() if workers is None else _positive("workers", workers, int),
        timeout_s=float(_positive("timeout", timeout, float)),
        memory_mb=_positive("memory_mb", memory_mb, int),
        library_fixes=bool(library_fixes),
    )
    path = str(tasks) if tasks is not None else str(EMBEDDED_TASKS)
    if not Path(path).exists():
        raise BenchmarkError(f"asper_bench: tasks: no such task set: {path!r}")
    try:
        task_set = open_task_set(path)
        task_set.raise_problems()
    except (TaskFormatError, ValueError) as error:
        raise BenchmarkError(f"asper_bench: tasks: {path}: {error}") from error
    except OSError as error:
        raise BenchmarkError(f"asper_bench: tasks: {error.filename or path}: {error.strerror or error}") from error
    try:
        selected = select_tasks(list(task_set.tasks), task_ids(ids), limit, source=path)
    except ValueError as error:
        raise BenchmarkError(f"asper_bench: ids: {error}") from error
    if not selected:
        raise BenchmarkError(f"asper_bench: no task selected from {path}")
    control_programs: dict[str, str] = {}
    if setting == "control":
        folder = default_control_dir(path)
        control_programs = load_control_programs(folder)[0] if folder is not None else {}
    return Benchmark(
        setting=setting,
        task_set=path,
        digest=task_set.digest,
        tasks={task.query_id: task for task in task_set.tasks},
        selected=tuple(selected),
        files=PromptFiles.load(),
        control_programs=control_programs,
        sandbox=config,
    )
