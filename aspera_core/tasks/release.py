"""Reading and writing task sets in the Asper-Bench release layout (format A).

A task set is a folder with ``plans/queries_NNN.nt`` shards (NestedText lists of
task records, 32 per shard in id order), two JSON index files next to them and,
optionally, ``code/query_<id>.py`` readable modules. The shards are the only
authoritative part: loading reads shards alone, and writing regenerates the
index files from the tasks.

Loading accepts a release folder, its ``plans`` folder, a single shard, or a
``.tgz``/``.tar.gz`` archive read in memory. Archives made on macOS carry
AppleDouble ``._<name>`` entries next to real files; those are skipped.
"""

from __future__ import annotations

import json
import tarfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import nestedtext

from aspera_core.tasks.code_modules import render_code_module
from aspera_core.tasks.model import Task, TaskFormatError, TaskProblem
from aspera_core.tasks.nt_records import (
    Locator,
    keymap_locator,
    nestedtext_problem,
    read_task_record,
)

# A loaded task with the file it came from and a locator for its lines.
_Located = tuple[Task, str, "Locator | None"]

SHARD_SIZE = 32
SHARD_GLOB = "queries*.nt"
ID_INDEX = "query_id_to_shard.json"
QUERY_INDEX = "query_to_query_id.json"
_ARCHIVE_SUFFIXES = (".tgz", ".tar.gz")


def shard_name(number: int) -> str:
    """File name of the ``number``-th shard (1-based), e.g. ``queries_001.nt``."""
    return f"queries_{number:03d}.nt"


def _is_junk(name: str) -> bool:
    # AppleDouble files carry macOS metadata, not tasks.
    return name.startswith("._")


def _is_archive(path: Path) -> bool:
    return path.is_file() and path.name.endswith(_ARCHIVE_SUFFIXES)


def _shard_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob(SHARD_GLOB) if p.is_file() and not _is_junk(p.name))


def _archive_shards(path: Path) -> Iterator[tuple[str, str, bytes]]:
    """Yield (display name, shard name, content) for each shard in an archive."""
    with tarfile.open(path, "r:*") as archive:
        members = [
            m
            for m in archive.getmembers()
            if m.isfile()
            and not _is_junk(Path(m.name).name)
            and Path(m.name).parent.name == "plans"
            and Path(m.name).match(SHARD_GLOB)
        ]
        for member in sorted(members, key=lambda m: m.name):
            handle = archive.extractfile(member)
            assert handle is not None, "regular files can be extracted"
            yield f"{path.name}:{member.name}", Path(member.name).name, handle.read()


def _shard_sources(path: Path) -> list[tuple[str, str, bytes]]:
    """Find the shards a path refers to, as (display name, shard name, bytes)."""
    if not path.exists():
        raise FileNotFoundError(f"no such task set: {path}")
    if _is_archive(path):
        sources = list(_archive_shards(path))
        where = f"archive {path} (looked for plans/{SHARD_GLOB} at any depth)"
    elif path.is_file():
        return [(path.name, path.name, path.read_bytes())]
    else:
        folder = path / "plans" if (path / "plans").is_dir() else path
        sources = [(p.name, p.name, p.read_bytes()) for p in _shard_files(folder)]
        where = f"folder {folder}"
    if not sources:
        raise TaskFormatError([TaskProblem(f"no task shards ({SHARD_GLOB}) found in {where}")])
    return sources


def _read_shard(display: str, shard: str, data: bytes) -> tuple[list[_Located], list[TaskProblem]]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        message = (
            f"not valid UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start}); "
            "task files must be saved as UTF-8"
        )
        return [], [TaskProblem(message, source=display)]
    keymap: dict[tuple[Any, ...], Any] = {}
    try:
        records = nestedtext.loads(text, top="any", keymap=keymap)
    except nestedtext.NestedTextError as error:
        return [], [nestedtext_problem(error, display)]
    if records is None or records == "":
        return [], []  # an empty shard holds no tasks
    if not isinstance(records, list):
        kind = "a dictionary" if isinstance(records, dict) else "a string"
        message = f"the top level must be a list of task records, got {kind}"
        return [], [TaskProblem(message, source=display, line=1)]
    tasks: list[_Located] = []
    problems: list[TaskProblem] = []
    for index, record in enumerate(records):
        locate = keymap_locator(keymap, (index,))
        task, found = read_task_record(record, source=display, position=index + 1, locate=locate, shard=shard)
        problems += found
        if task is not None:
            tasks.append((task, display, locate))
    return tasks, problems


def _duplicates(located: list[_Located]) -> tuple[list[TaskProblem], set[int]]:
    """Find repeated ids and query texts.

    Returns:
        One problem per repeat, and the positions (in ``located``) of the
        tasks that repeat an earlier one.
    """
    problems: list[TaskProblem] = []
    repeats: set[int] = set()
    for field in ("query_id", "query"):
        first_seen: dict[str, str] = {}
        for position, (task, display, locate) in enumerate(located):
            value = getattr(task, field)
            if value not in first_seen:
                first_seen[value] = f"{display} (task {task.query_id})"
                continue
            message = f"duplicate {field.replace('_', ' ')}; also used in {first_seen[value]}"
            line = locate((field,)) if locate else None
            problems.append(TaskProblem(message, display, query_id=task.query_id, field=field, line=line))
            repeats.add(position)
    return problems, repeats


def read_task_set(path: str | Path) -> tuple[list[Task], list[TaskProblem]]:
    """Load a task set leniently: the good tasks and the problems of the others.

    Used by the validator, which reports broken tasks next to working ones. A
    task whose id or query text repeats an earlier one is left out.

    Args:
        path: As for :func:`load_tasks`.

    Returns:
        The well-formed tasks sorted by integer id, and every problem found.

    Raises:
        FileNotFoundError: If ``path`` does not exist.
        TaskFormatError: If ``path`` holds no shard at all.
    """
    located: list[_Located] = []
    problems: list[TaskProblem] = []
    for display, shard, data in _shard_sources(Path(path)):
        tasks, found = _read_shard(display, shard, data)
        located += tasks
        problems += found
    duplicates, repeats = _duplicates(located)
    kept = [task for position, (task, _, _) in enumerate(located) if position not in repeats]
    return sorted(kept, key=lambda task: int(task.query_id)), problems + duplicates


def load_tasks(path: str | Path) -> list[Task]:
    """Load a task set.

    Args:
        path: A release folder (containing ``plans/``), a ``plans`` folder, a
            ``.tgz``/``.tar.gz`` release archive, or a single ``.nt`` shard.

    Returns:
        All tasks, sorted by integer id.

    Raises:
        FileNotFoundError: If ``path`` does not exist.
        TaskFormatError: If no shard is found or any record is malformed; the
            error lists every problem in every shard.
    """
    tasks, problems = read_task_set(path)
    if problems:
        raise TaskFormatError(problems)
    return tasks


def _assign_shards(tasks: list[Task], shard_size: int, renumber: bool) -> dict[str, list[Task]]:
    """Group tasks (already in id order) into named shards."""
    if not renumber and tasks and all(task.shard for task in tasks):
        groups: dict[str, list[Task]] = {}
        for task in tasks:
            groups.setdefault(task.shard, []).append(task)  # type: ignore[arg-type]
        return dict(sorted(groups.items()))
    return {
        shard_name(number): tasks[start : start + shard_size]
        for number, start in enumerate(range(0, len(tasks), shard_size), start=1)
    }


def _write_text(path: Path, text: str) -> None:
    # newline="" keeps LF endings on every platform, as in the release.
    with path.open("w", encoding="utf-8", newline="") as handle:
        handle.write(text)


def write_tasks(
    tasks: Iterable[Task],
    root: str | Path,
    shard_size: int = SHARD_SIZE,
    *,
    write_code: bool = False,
    renumber: bool = False,
) -> list[Path]:
    """Write a task set in the release layout.

    Tasks are written in ascending id order. If every task remembers the shard
    it was read from (and ``renumber`` is false) it goes back to that shard, so
    a loaded set is rewritten byte for byte; otherwise shards are numbered from
    ``queries_001.nt`` with ``shard_size`` tasks each, as in the release.

    Args:
        tasks: The tasks; ids and query texts must be unique.
        root: Folder to write into (``plans/`` and ``code/`` are made inside).
        shard_size: Tasks per shard when numbering shards.
        write_code: Also write ``code/query_<id>.py`` readable modules.
        renumber: Ignore remembered shard names and number shards afresh.

    Returns:
        The paths written.

    Raises:
        TaskFormatError: If two tasks share an id or a query text.
        FileExistsError: If ``plans/`` already holds shards that this write
            would not replace (loading would mix old and new tasks).
        ValueError: If ``shard_size`` is not positive.
    """
    if shard_size < 1:
        raise ValueError(f"shard_size must be positive, got {shard_size}")
    ordered = sorted(tasks, key=lambda task: int(task.query_id))
    duplicates, _ = _duplicates([(task, "tasks", None) for task in ordered])
    if duplicates:
        raise TaskFormatError(duplicates)
    shards = _assign_shards(ordered, shard_size, renumber)
    plans = Path(root) / "plans"
    plans.mkdir(parents=True, exist_ok=True)
    stale = [p.name for p in _shard_files(plans) if p.name not in shards]
    if stale:
        raise FileExistsError(f"{plans} already holds other shards: {', '.join(stale)}")
    written: list[Path] = []
    for name, members in shards.items():
        path = plans / name
        _write_text(path, nestedtext.dumps([task.to_record() for task in members]) + "\n")
        written.append(path)
    shard_of = {task.query_id: name for name, members in shards.items() for task in members}
    id_index = {task.query_id: [shard_of[task.query_id]] for task in ordered}
    query_index = {task.query: [task.query_id] for task in ordered}
    for name, index in ((ID_INDEX, id_index), (QUERY_INDEX, query_index)):
        _write_text(plans / name, json.dumps(index, indent=4))
        written.append(plans / name)
    if write_code:
        code = Path(root) / "code"
        code.mkdir(exist_ok=True)
        for task in ordered:
            path = code / f"query_{task.query_id}.py"
            _write_text(path, render_code_module(task))
            written.append(path)
    return written
