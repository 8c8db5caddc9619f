"""Writing accepted tasks into a task set, beside the tasks it holds, with their provenance.

New tasks get ids after the set's highest (not below ``first_id``); a request that repeats one of
the set (:func:`normalise_query`) is refused before anything is written. A **set of shards** gets
the tasks added to its shards by :func:`aspera_core.tasks.write_tasks` (swapped in at once; existing
records written back as they were), each record's provenance under an extra ``provenance`` key that
the original loader ignores, and a readable ``code/`` module if the set has that folder. An
**authored set** (``code/query_<id>.py`` modules that ``aspera build-tasks`` builds from) gets an
authoring module per task, provenance in a ``# Generated: {...}`` comment, and is rebuilt; a failed
rebuild removes the new modules again. Either way the mutants the evaluation program rejected are
kept as the task's wrong programs (``wrong/query_<id>.py``), which ``aspera validate`` checks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aspera_core.fileio import write_atomic
from aspera_core.tasks import (
    SHARD_SIZE,
    WRONG_FOLDER,
    Task,
    TaskFormatError,
    TaskProblem,
    open_task_set,
    render_code_module,
    shard_files,
    shard_folder,
    shard_name,
    task_id_order,
    write_tasks,
)
from aspera_workbench.authoring import APPS, APPS_WITHOUT_ROOMS, build_task_set, load_authored_tasks, read_code_tags

PROVENANCE_KEY = "provenance"
_GENERATED_LINE = re.compile(r"^#\s*Generated:\s*(\{.*\})\s*$", re.MULTILINE)
#: The ``Hey, [Assistant],`` a request starts with, as models and people spell it.
QUERY_PREFIX_PATTERN = re.compile(r"^\s*hey,?\s*\[assistant\],?\s*", re.IGNORECASE)


def normalise_query(query: str) -> str:
    """A request compared for repeats: no prefix, case, extra spacing or final punctuation."""
    text = QUERY_PREFIX_PATTERN.sub("", query).casefold()
    return " ".join(re.sub(r"[^\w\s']", " ", text).split())


class RepeatedRequest(TaskFormatError):
    """A new task's request repeats one of the set or another new one (nothing is written)."""


@dataclass(frozen=True)
class GeneratedTask:
    """An accepted task on its way into a set (its id replaced when written), with ``(what is wrong, program)``
    pairs kept as its wrong programs."""

    task: Task
    provenance: dict[str, Any]
    wrong: Sequence[tuple[str, str]] = field(default_factory=tuple)


class TaskSetTarget:
    """The task set that accepted tasks go into (its folder created when the first task is written)."""

    def __init__(self, root: str | Path, first_id: int = 1) -> None:
        self.root = Path(root)
        self.first_id = first_id

    def existing(self) -> list[Task]:
        """The set's tasks (none for a folder without shards); TaskFormatError if the set does not load."""
        if not self.root.exists() or not shard_files(shard_folder(self.root)):
            return []
        task_set = open_task_set(self.root)
        task_set.raise_problems()
        return list(task_set.tasks)

    def known_queries(self) -> dict[str, str]:
        """Normalised request -> task id, for every task of the set."""
        return {normalise_query(task.query): task.query_id for task in self.existing()}

    def check(self) -> None:
        """Refuse (TaskFormatError), before anything is asked of a model, a set that tasks cannot go into."""
        self.authored(self.existing())

    def authored(self, existing: Sequence[Task]) -> bool:
        """Whether the set is built from authoring modules: ``code/`` modules with ``# Tags:`` lines (a release
        copy's readable modules have none).

        Raises:
            TaskFormatError: they do not build, or not into its plans (a module changed since the last
                build): writing a new task would then go around the build.
        """
        code = self.root / "code"
        if not code.is_dir() or not any(_has_tags(path) for path in code.glob("query_*.py")):
            return False
        hint = "fix that and run aspera build-tasks, then generate into it"
        try:
            authored = load_authored_tasks(self.root)
        except (TaskFormatError, OSError) as error:
            found = error.problems if isinstance(error, TaskFormatError) else [TaskProblem(str(error))]
            message = f"its authoring modules (code/) do not build ({found[0]}); {hint}"
            raise TaskFormatError([TaskProblem(message, source=str(self.root))]) from None
        if [task.query_id for task in authored] != [task.query_id for task in existing]:
            in_code = sorted({t.query_id for t in authored} - {t.query_id for t in existing}, key=task_id_order)
            in_plans = sorted({t.query_id for t in existing} - {t.query_id for t in authored}, key=task_id_order)
            message = (
                "its plans/ are not built from its authoring modules (code/) as they are now "
                f"(tasks only in code/: {', '.join(in_code) or 'none'}; only in plans/: {', '.join(in_plans) or 'none'}); "
                f"{hint}"
            )
            raise TaskFormatError([TaskProblem(message, source=str(self.root))])
        return True

    def write(self, generated: Sequence[GeneratedTask]) -> list[Task]:
        """Add tasks to the set, in the order they get ids; returns them as written, with their ids.

        Raises:
            RepeatedRequest: a request repeats one of the set or another new
                one (nothing is written).
            TaskFormatError: the set does not load, or does not build (nothing is written).
            FileExistsError: a file the new tasks need exists already.
            ValueError: an authored set's apps do not allow a new task's apps.
            OSError: writing failed (the set is left as it was).
        """
        existing = self.existing()
        seen = {normalise_query(task.query): task.query_id for task in existing}
        problems = []
        for item in generated:
            key = normalise_query(item.task.query)
            if key in seen:
                message = f"the request repeats task {seen[key]}: {item.task.query!r}"
                problems.append(TaskProblem(message, source=str(self.root), field="query"))
            seen[key] = "(new)"
        if problems:
            raise RepeatedRequest(problems)
        next_id = max([self.first_id, *(int(task.query_id) + 1 for task in existing)])
        new = []
        for offset, item in enumerate(generated):
            query_id = str(next_id + offset)
            extra = {**item.task.extra_fields, PROVENANCE_KEY: _nestedtext(item.provenance)}
            new.append(item.task.model_copy(update={"query_id": query_id, "extra_fields": extra}))
        if self.authored(existing):
            return self._write_authored(existing, new, generated)
        return self._write_shards(existing, new, generated)

    def _wrong_files(self, new: list[Task], generated: Sequence[GeneratedTask]) -> dict[Path, str]:
        files = {}
        for task, item in zip(new, generated):
            if item.wrong:
                blocks = [
                    f"# Wrong: {' '.join(reason.split())}\n{program.rstrip()}\n" for reason, program in item.wrong
                ]
                files[self.root / WRONG_FOLDER / f"query_{task.query_id}.py"] = "\n\n".join(blocks)
        return files

    def _refuse_existing(self, paths: Sequence[Path]) -> None:
        taken = [str(path) for path in paths if path.exists()]
        if taken:
            raise FileExistsError(f"the new tasks' files exist already: {', '.join(taken)}")

    def _write_shards(self, existing: list[Task], new: list[Task], generated: Sequence[GeneratedTask]) -> list[Task]:
        placed = list(new)
        kept = bool(existing) and all(task.shard for task in existing)
        if kept:  # fill the last shard, then open the next, as the release does
            last = max(task.shard or "" for task in existing)
            number = int(re.sub(r"\D", "", last) or 1)
            count = sum(task.shard == last for task in existing)
            placed = []
            for task in new:
                if count >= SHARD_SIZE:
                    number, count = number + 1, 0
                placed.append(task.model_copy(update={"shard": shard_name(number)}))
                count += 1
        code = self.root / "code"
        modules = (
            {code / f"query_{task.query_id}.py": render_code_module(task) for task in placed} if code.is_dir() else {}
        )
        wrong = self._wrong_files(placed, generated)
        self._refuse_existing([*modules, *wrong])
        write_tasks([*existing, *placed], self.root, renumber=not kept, replace=not kept)
        for path, text in {**modules, **wrong}.items():
            write_atomic(path, text)
        return placed

    def _write_authored(self, existing: list[Task], new: list[Task], generated: Sequence[GeneratedTask]) -> list[Task]:
        for task in new:
            if task.scenario.apps not in (APPS, APPS_WITHOUT_ROOMS):
                raise ValueError(
                    f"{self.root} is built from authoring modules, whose tasks use the apps {APPS} or "
                    f"{APPS_WITHOUT_ROOMS}; the generated tasks use {task.scenario.apps}"
                )
        modules = {
            self.root / "code" / f"query_{task.query_id}.py": authoring_module(task, item.provenance)
            for task, item in zip(new, generated)
        }
        wrong = self._wrong_files(new, generated)
        self._refuse_existing([*modules, *wrong])
        written: list[Path] = []
        try:
            for path, text in {**modules, **wrong}.items():
                write_atomic(path, text)
                written.append(path)
            built = build_task_set(self.root)
        except BaseException:
            for path in written:
                path.unlink(missing_ok=True)
            raise
        ids = {task.query_id for task in new}
        return [task for task in built if task.query_id in ids]


def _has_tags(module: Path) -> bool:
    """Whether a code module is an authoring module (it lists the task's tags)."""
    try:
        return bool(read_code_tags(module.read_text(encoding="utf-8", errors="replace")))
    except OSError:
        return False


def _nestedtext(value: Any) -> Any:
    """A provenance value as NestedText holds it: strings, lists and dictionaries of strings."""
    if isinstance(value, dict):
        return {str(key): _nestedtext(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_nestedtext(item) for item in value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else " ".join(str(value).split())


def authoring_module(task: Task, provenance: dict[str, Any]) -> str:
    """A task (with its id, tags and apps) as an authoring module for ``aspera build-tasks``, provenance commented."""
    text = render_code_module(task)
    lines = [f"# Tags: {', '.join(task.tags)}"]
    if "room_booking" not in task.scenario.apps:
        lines.append("# Apps: no room_booking")
    lines.append(f"# Generated: {json.dumps(_nestedtext(provenance), ensure_ascii=False, sort_keys=True)}")
    marker = f"#OK:\n# {task.query}\n"
    return text.replace(marker, marker + "\n".join(lines) + "\n", 1)


def read_provenance(task: Task, root: str | Path | None = None) -> dict[str, Any] | None:
    """How a generated task was made (``None`` if it was not): its record's ``provenance`` key, or the comment
    of its authoring module in ``root`` (its set's folder)."""
    found = task.extra_fields.get(PROVENANCE_KEY)
    if isinstance(found, dict):
        return found
    if root is None:
        return None
    module = Path(root) / "code" / f"query_{task.query_id}.py"
    if not module.is_file():
        return None
    match = _GENERATED_LINE.search(module.read_text(encoding="utf-8"))
    return json.loads(match.group(1)) if match else None
