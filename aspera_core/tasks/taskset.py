"""Loading task sets: parsed once, reused while their files are unchanged, identified by a digest.

Parsing a set is the slow part of loading it (NestedText, then every program
compiled to check it: about 0.7 s of CPU for 250 tasks). So each parse is
kept, keyed by a SHA-256 digest of the bytes of every shard and index file
and of this package's task-parsing code (a changed file or parser gives a new
key), on disk in the user's cache folder: loading a set seen before, in this
process or another, reads a pickle instead (about 25 ms of CPU for 250 tasks;
``benchmarks/bench_tasks.py``); at most :data:`DISK_CACHE_ENTRIES` entries are
kept. Every load gets fresh copies of the tasks.

The cache folder is ``$ASPERA_CACHE_DIR`` if set (an empty value turns the
disk cache off), else ``$XDG_CACHE_HOME/aspera-workbench``, else
``~/.cache/aspera-workbench``. Entries are pickles, read only from a folder
owned by the current user and writable by no one else.

:func:`task_set_digest` (and :attr:`TaskSet.digest`) identify a set's
*content*: a SHA-256 digest of every task's record in id order, with keys
sorted. It is the same for the folder, its ``plans`` folder and its archive,
does not depend on how tasks are spread over shards or on key order, and
changes whenever any field of any task changes. Results files record it.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import stat
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from aspera_core import compat, release_names
from aspera_core.fileio import make_folders, write_atomic
from aspera_core.task_ids import task_id_order
from aspera_core.tasks import known_names
from aspera_core.tasks.release import (
    ParsedSet,
    find_set_files,
    parse_set_files,
)
from aspera_core.tasks.task import Task, TaskFormatError, TaskProblem
from aspera_core.version import __version__
from aspera_core.wording import count

__all__ = [
    "DISK_CACHE_ENTRIES",
    "TaskSet",
    "cache_folder",
    "load_tasks",
    "open_task_set",
    "read_task_set",
    "task_set_digest",
    "tasks_digest",
]

DISK_CACHE_ENTRIES = 32
_CACHE_ENV = "ASPERA_CACHE_DIR"
_FORMAT = 1  # bump when the cached structure changes
_Item = TypeVar("_Item")


@dataclass(frozen=True)
class TaskSet:
    """A parsed task set.

    Attributes:
        path: The path as given.
        kind: ``"folder"``, ``"archive"`` or ``"shard"``.
        tasks: The well-formed tasks, sorted by integer id.
        problems: Everything wrong (malformed records, repeated ids or queries,
            disagreements with the index files); such a set does not load with :func:`load_tasks`.
        notes: What could not be checked and irregularities accepted; not errors.
        index: ``"checked"``, ``"partial"`` or ``"absent"``: how far the index files could be checked.
        digest: The content digest of ``tasks`` (see :func:`tasks_digest`).
    """

    path: str
    kind: str
    tasks: tuple[Task, ...]
    problems: tuple[TaskProblem, ...]
    notes: tuple[str, ...]
    index: str
    digest: str

    @property
    def pairs(self) -> int:
        """Setup/evaluation pairs over all tasks."""
        return sum(len(task.pairs) for task in self.tasks)

    def raise_problems(self) -> None:
        """Raise :class:`TaskFormatError` listing every problem, if there is any."""
        if self.problems:
            raise TaskFormatError(self.problems)


def tasks_digest(tasks: Iterable[Task]) -> str:
    """SHA-256 of the JSON of every task's record in integer id order, keys sorted: independent of order and layout."""
    ordered = sorted(tasks, key=lambda task: int(task.query_id))
    digest = hashlib.sha256()
    for task in ordered:
        digest.update(json.dumps(task.to_record(), sort_keys=True, ensure_ascii=False).encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


# -- the disk cache -----------------------------------------------------------------


def cache_folder() -> Path | None:
    """The disk cache's ``tasks/`` folder (see the module's text), or ``None`` when ``$ASPERA_CACHE_DIR`` is empty."""
    configured = os.environ.get(_CACHE_ENV)
    if configured is not None:
        return Path(configured) / "tasks" if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "aspera-workbench" / "tasks"


_parser_digest: str | None = None


def _parser_version() -> str:
    """A digest of the code that turns files into tasks (this package, compat, the module names, the tool modules): a change invalidates the cache."""
    global _parser_digest
    if _parser_digest is None:
        digest = hashlib.sha256(f"{__version__}/{_FORMAT}".encode())
        package = Path(__file__).resolve().parent
        compat_modules = sorted(Path(compat.__file__).resolve().parent.glob("*.py"))
        names = [Path(release_names.__file__).resolve()]
        modules = sorted(package.glob("*.py")) + compat_modules + names + known_names.source_files()
        for module in modules:
            digest.update(module.name.encode() + b"\0" + module.read_bytes())
        _parser_digest = digest.hexdigest()
    return _parser_digest


def _content_key(kind: str, contents: Iterable[tuple[str, bytes]]) -> str:
    # Display names are part of the key because problem messages quote them.
    digest = hashlib.sha256(f"{_parser_version()}\0{kind}".encode())
    for display, data in contents:
        digest.update(f"\0{display}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def _trusted_folder(folder: Path) -> bool:
    # Pickles run code when loaded: only read those in a folder no one else can write.
    try:
        info = folder.stat()
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o022


def _disk_read(key: str) -> ParsedSet | None:
    folder = cache_folder()
    if folder is None or not _trusted_folder(folder):
        return None
    try:
        with open(folder / f"{key}.pickle", "rb") as handle:
            if os.fstat(handle.fileno()).st_uid != os.getuid():
                return None
            stored = pickle.load(handle)
    except Exception:  # missing, cut short or from another version: parse again
        return None
    if not isinstance(stored, tuple) or len(stored) != 2 or stored[0] != _FORMAT:
        return None
    parsed = stored[1]
    return parsed if isinstance(parsed, ParsedSet) else None


def _disk_write(key: str, parsed: ParsedSet) -> None:
    folder = cache_folder()
    if folder is None:
        return
    try:
        make_folders(folder, mode=0o700)
        if not _trusted_folder(folder):
            return
        write_atomic(folder / f"{key}.pickle", pickle.dumps((_FORMAT, parsed)), durable=False)
        entries = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in entries[DISK_CACHE_ENTRIES:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # a cache that cannot be written only costs time


def _parsed(path: Path, cache: bool = True) -> ParsedSet:
    """The parse of a set: from the disk cache, else parsed (and kept there)."""
    files = find_set_files(path)
    key = _content_key(files.kind, files.contents()) if cache else None
    parsed = _disk_read(key) if key else None
    if parsed is None:
        parsed = parse_set_files(files)
        parsed.digest = tasks_digest(parsed.tasks)
        if key:
            _disk_write(key, parsed)
    return parsed


# -- public loading functions --------------------------------------------------------


def open_task_set(path: str | Path, *, cache: bool = True) -> TaskSet:
    """Parse a task set leniently, or reuse its earlier parse if its files are unchanged.

    Args:
        path: A release folder (containing ``plans/``), a ``plans`` folder, a
            ``.tgz``/``.tar.gz`` release archive, or a single ``.nt`` shard.
        cache: Use the disk cache (turn off to measure a cold parse).

    Raises:
        FileNotFoundError: ``path`` does not exist.
        TaskFormatError: ``path`` holds no shard at all.
        OSError: a file of the set cannot be read.
    """
    path_obj = Path(path)
    if not path_obj.exists():
        raise FileNotFoundError(f"no such task set: {path}")
    parsed = _parsed(path_obj, cache)
    return TaskSet(
        path=str(path),
        kind=parsed.kind,
        tasks=tuple(parsed.tasks),
        problems=tuple(parsed.problems),
        notes=tuple(parsed.notes),
        index=parsed.index,
        digest=parsed.digest,
    )


def read_task_set(path: str | Path) -> tuple[list[Task], list[TaskProblem]]:
    """The well-formed tasks of a set and the problems of the others (see :func:`open_task_set`)."""
    task_set = open_task_set(path)
    return list(task_set.tasks), list(task_set.problems)


def load_tasks(path: str | Path) -> list[Task]:
    """Load a task set: every task, sorted by integer id (fresh objects on every call).

    The shards are checked against the index files beside them; a set without
    index files loads too (:func:`open_task_set` says so in its notes).

    Args:
        path: A release folder (containing ``plans/``), a ``plans`` folder, a
            ``.tgz``/``.tar.gz`` release archive, or a single ``.nt`` shard.

    Raises:
        FileNotFoundError: ``path`` does not exist.
        TaskFormatError: no shard is found, a record is malformed, or the index
            files disagree with the shards; the error lists every problem,
            naming the file and the task id.
    """
    task_set = open_task_set(path)
    task_set.raise_problems()
    return list(task_set.tasks)


def task_set_digest(path: str | Path) -> str:
    """The content digest of a task set (see :func:`tasks_digest`); cheap for a set loaded before.

    Raises what :func:`load_tasks` raises.
    """
    task_set = open_task_set(path)
    task_set.raise_problems()
    return task_set.digest


def select_by_task_id(
    items: Sequence[_Item],
    task_id: Callable[[_Item], str],
    ids: Iterable[str] | None,
    limit: int | None,
    unknown: Callable[[list[str]], str],
    *,
    order: Callable[[str], Any] | None = None,
) -> list[_Item]:
    """The selection rule of every ``--ids`` and ``--limit`` option: filter by task id, then keep the first ``limit`` tasks.

    ``limit`` counts tasks, not items: every item of a kept task is kept (a
    results file has one row per task and seed). The first tasks are those first
    in ``order`` (a sort key of task ids), else in the items' own order. Items
    keep their order. An id no item has raises ValueError with ``unknown``'s
    message for the missing ids; so does a negative ``limit``.
    """
    selected = list(items)
    if ids is not None:
        wanted = [str(i) for i in ids]
        known = {task_id(item) for item in items}
        missing = [i for i in wanted if i not in known]
        if missing:
            raise ValueError(unknown(missing))
        keep = set(wanted)
        selected = [item for item in selected if task_id(item) in keep]
    if limit is not None:
        if limit < 0:
            raise ValueError("limit must not be negative")
        shown = list(dict.fromkeys(task_id(item) for item in selected))
        first = set((sorted(shown, key=order) if order is not None else shown)[:limit])
        selected = [item for item in selected if task_id(item) in first]
    return selected


def select_tasks(
    tasks: Sequence[Task], ids: Iterable[str] | None = None, limit: int | None = None, *, source: str | None = None
) -> list[Task]:
    """Tasks to run, in the given order: those with one of ``ids`` (all if ``None``), at most ``limit``.

    With ``source`` (how the user named the task set), an unknown id's message
    names it with its size and id range, as ``aspera show`` does. Raises
    ValueError for an unknown id, an empty ``ids`` or a negative ``limit``.
    """

    def unknown(missing: list[str]) -> str:
        message = f"unknown task id(s): {', '.join(missing)}"
        if source is None:
            return message
        ids = sorted((task.query_id for task in tasks), key=task_id_order)
        span = f", ids {ids[0]} to {ids[-1]}" if ids else ""
        return f"{message}: not in {source} ({count(len(ids), 'task')}{span})"

    if ids is not None:
        ids = list(ids)
        if not ids:  # (``--ids ","``): selecting nothing is never what was meant
            raise ValueError("the selection names no task id")
    return select_by_task_id(tasks, lambda task: task.query_id, ids, limit, unknown)
