"""Writing accepted tasks into a task set, beside the tasks it holds, with their provenance.

New tasks get ids after the highest id of the set (and not below
``first_id``); a request that repeats one of the set (compared without case,
spacing, final punctuation and the ``Hey, [Assistant],`` prefix) is refused
before anything is written. Two kinds of set are handled:

* **a set of shards** (a release copy, a set made by this engine, or a new
  folder): the tasks are added to the shards, filling the last one up to 32
  records and then opening the next, with :func:`aspera_core.tasks.write_tasks`
  (the new shards and index files are swapped in at once; existing records
  are written back as they were). Each new record carries its provenance as
  an extra key, ``provenance``, after the release's keys (the original loader
  ignores unknown keys). If the set has a ``code/`` folder, a readable module
  is added for each new task;
* **an authored set** (its ``code/query_<id>.py`` modules are the source that
  ``aspera build-tasks`` builds the shards from, like the workbench's own
  set): each new task is written as such a module, with its tags, and its
  provenance as a ``# Generated: {...}`` comment line (which the build
  ignores), and the shards are rebuilt. If the rebuild fails, the new modules
  are removed again.

Either way the mutants of the reference program that the evaluation program
rejected are kept as the task's wrong programs (``wrong/query_<id>.py``, one
``# Wrong: <what was changed>`` line above each), so that ``aspera validate``
checks them, as it does the hand-written ones.
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
    write_tasks,
)
from aspera_workbench.authoring import APPS, APPS_WITHOUT_ROOMS, build_task_set, load_authored_tasks, read_code_tags

PROVENANCE_KEY = "provenance"
_GENERATED_LINE = re.compile(r"^#\s*Generated:\s*(\{.*\})\s*$", re.MULTILINE)
_PREFIX = re.compile(r"^\s*hey,?\s*\[assistant\],?\s*", re.IGNORECASE)


def normalise_query(query: str) -> str:
    """A request compared for repeats: no prefix, case, extra spacing or final punctuation."""
    text = _PREFIX.sub("", query).casefold()
    return " ".join(re.sub(r"[^\w\s']", " ", text).split())


class RepeatedRequest(TaskFormatError):
    """A new task's request repeats one of the set or another new one (nothing is written)."""


@dataclass(frozen=True)
class GeneratedTask:
    """An accepted task on its way into a set.

    Attributes:
        task: The task (its id is replaced when written).
        provenance: How it was made (string values, or lists of strings).
        wrong: ``(what is wrong, program)`` pairs kept as its wrong programs.
    """

    task: Task
    provenance: dict[str, Any]
    wrong: Sequence[tuple[str, str]] = field(default_factory=tuple)


class TaskSetTarget:
    """The task set that accepted tasks go into.

    Args:
        root: The set's folder (created when the first task is written).
        first_id: The lowest id a new task may get.
    """

    def __init__(self, root: str | Path, first_id: int = 1) -> None:
        self.root = Path(root)
        self.first_id = first_id

    def existing(self) -> list[Task]:
        """The set's tasks (none for a folder without shards).

        Raises:
            TaskFormatError: the set does not load (it is not written to).
        """
        if not self.root.exists() or not shard_files(shard_folder(self.root)):
            return []
        task_set = open_task_set(self.root)
        task_set.raise_problems()
        return list(task_set.tasks)

    def known_queries(self) -> dict[str, str]:
        """Normalised request -> task id, for every task of the set."""
        return {normalise_query(task.query): task.query_id for task in self.existing()}

    def check(self) -> None:
        """Refuse, before anything is asked of a model, a set that accepted tasks cannot go into.

        Raises:
            TaskFormatError: the set does not load, or it is built from
                authoring modules that do not build, or not into its plans.
        """
        self.authored(self.existing())

    def authored(self, existing: Sequence[Task]) -> bool:
        """Whether the set is built from authoring modules (``aspera build-tasks``).

        A set whose ``code/`` modules carry ``# Tags:`` lines is one (a release
        copy's readable modules have none).

        Raises:
            TaskFormatError: the set is built from authoring modules, but they do
                not build, or its plans are not what they build (a module added
                or changed since the last build): writing a new task would then
                go around the build.
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
            in_code = sorted({t.query_id for t in authored} - {t.query_id for t in existing}, key=int)
            in_plans = sorted({t.query_id for t in existing} - {t.query_id for t in authored}, key=int)
            message = (
                "its plans/ are not built from its authoring modules (code/) as they are now "
                f"(tasks only in code/: {', '.join(in_code) or 'none'}; only in plans/: {', '.join(in_plans) or 'none'}); "
                f"{hint}"
            )
            raise TaskFormatError([TaskProblem(message, source=str(self.root))])
        return True

    def write(self, generated: Sequence[GeneratedTask]) -> list[Task]:
        """Add tasks to the set.

        Args:
            generated: The tasks, in the order they get ids.

        Returns:
            The tasks as written, with their ids.

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
    """A task as an authoring module (the layout ``aspera build-tasks`` reads), provenance in a comment.

    Args:
        task: The task (with its id, tags and apps).
        provenance: How it was made.

    Returns:
        The module's text.
    """
    text = render_code_module(task)
    lines = [f"# Tags: {', '.join(task.tags)}"]
    if "room_booking" not in task.scenario.apps:
        lines.append("# Apps: no room_booking")
    lines.append(f"# Generated: {json.dumps(_nestedtext(provenance), ensure_ascii=False, sort_keys=True)}")
    marker = f"#OK:\n# {task.query}\n"
    return text.replace(marker, marker + "\n".join(lines) + "\n", 1)


def read_provenance(task: Task, root: str | Path | None = None) -> dict[str, Any] | None:
    """How a generated task was made: its record's ``provenance`` key, or its authoring module's comment.

    Args:
        task: The task.
        root: Its set's folder (to look at ``code/query_<id>.py``).

    Returns:
        The provenance, or ``None`` for a task that was not generated.
    """
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
