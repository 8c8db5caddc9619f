"""Reading and writing task sets in the Asper-Bench release layout (format A).

A task set is a folder with ``plans/queries_NNN.nt`` shards (NestedText lists of
task records, 32 per shard in id order), two JSON index files next to them and,
optionally, ``code/query_<id>.py`` readable modules. The shards are
authoritative; the index files record what the set should contain and are
checked against the shards when a set is read (see
:mod:`aspera_core.tasks.index`). Writing regenerates the index files from the
tasks.

Reading accepts a release folder, its ``plans`` folder, a single shard, or a
``.tgz``/``.tar.gz`` archive read in memory. Archives made on macOS carry
AppleDouble ``._<name>`` entries next to real files; those are skipped.

This module reads and parses; :mod:`aspera_core.tasks.taskset` adds the cache
and the public loading functions (:func:`~aspera_core.tasks.load_tasks`).
"""

from __future__ import annotations

import contextlib
import gzip
import tarfile
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from aspera_core.fileio import replace_folder
from aspera_core.tasks.code_modules import render_code_module
from aspera_core.tasks.index import (
    ABSENT,
    CHECKED,
    ID_INDEX,
    INDEX_FILES,
    PARTIAL,
    QUERY_INDEX,
    IndexCheck,
    IndexFile,
    check_indexes,
    render_indexes,
)
from aspera_core.tasks.nt_records import (
    Locator,
    keymap_locator,
    nestedtext_problem,
    read_task_record,
)
from aspera_core.tasks.task import Task, TaskFormatError, TaskProblem

__all__ = [
    "BUILT_MARKER",
    "ID_INDEX",
    "QUERY_INDEX",
    "SHARD_GLOB",
    "SHARD_SIZE",
    "NotBuiltHere",
    "ParsedSet",
    "SetFiles",
    "find_set_files",
    "parse_set_files",
    "shard_name",
    "write_tasks",
]

# A loaded task with the file it came from and a locator for its lines.
_Located = tuple[Task, str, "Locator | None"]

SHARD_SIZE = 32
SHARD_GLOB = "queries*.nt"
ARCHIVE_SUFFIXES = (".tgz", ".tar.gz")

#: The three ways a task set can be given.
FOLDER, ARCHIVE, SHARD = "folder", "archive", "shard"


def shard_name(number: int) -> str:
    """File name of the ``number``-th shard (1-based), e.g. ``queries_001.nt``."""
    return f"queries_{number:03d}.nt"


def is_junk(name: str) -> bool:
    """Whether a file name is an AppleDouble entry (macOS metadata, not data)."""
    return name.startswith("._")


def is_shard_name(name: str) -> bool:
    """Whether a file name is a shard's (``queries*.nt``, junk excluded)."""
    return not is_junk(name) and PurePosixPath(name).match(SHARD_GLOB)


def is_archive(path: Path) -> bool:
    """Whether ``path`` is a release archive (``.tgz``/``.tar.gz`` file)."""
    return path.is_file() and path.name.endswith(ARCHIVE_SUFFIXES)


def shard_folder(path: Path) -> Path:
    """The folder holding the shards of a folder task set: ``plans/`` if there is one."""
    return path / "plans" if (path / "plans").is_dir() else path


def shard_files(folder: Path) -> list[Path]:
    """The shard files of a folder, sorted by name."""
    return sorted(p for p in folder.glob(SHARD_GLOB) if p.is_file() and not is_junk(p.name))


@dataclass(frozen=True)
class ShardFile:
    """The raw bytes of one shard, its file name and the name to show for it."""

    display: str
    name: str
    data: bytes


@dataclass
class ShardGroup:
    """Shards of one folder with the index files found beside them."""

    shards: list[ShardFile] = field(default_factory=list)
    indexes: dict[str, IndexFile] = field(default_factory=dict)


@dataclass
class SetFiles:
    """Everything read from disk for one task set, before parsing: its kind and its shard folders."""

    kind: str
    groups: list[ShardGroup]

    def contents(self) -> Iterable[tuple[str, bytes]]:
        """Every file read, as (display name, bytes), in a fixed order."""
        for group in self.groups:
            for shard in group.shards:
                yield shard.display, shard.data
            for name in INDEX_FILES:
                if name in group.indexes:
                    yield group.indexes[name].display, group.indexes[name].data


def _archive_files(path: Path) -> list[ShardGroup]:
    """Shards and index files of the ``plans`` folders (at any depth) of an archive.

    An archive that cannot be read to its end (truncated, corrupted, not gzip or
    tar) is one TaskFormatError naming the file.
    """
    try:
        return _read_archive(path)
    except (tarfile.TarError, EOFError, zlib.error, gzip.BadGzipFile):
        # A cut-off download or another file renamed .tgz; the archive is read
        # in full, so a truncation anywhere ends here, not with fewer tasks.
        raise TaskFormatError([TaskProblem("not a readable gzip tar archive (truncated?)", source=str(path))]) from None


def _read_archive(path: Path) -> list[ShardGroup]:
    groups: dict[str, ShardGroup] = {}
    with tarfile.open(path, "r:*") as archive:
        members = sorted(
            (
                m
                for m in archive.getmembers()
                if m.isfile()
                and PurePosixPath(m.name).parent.name == "plans"
                and not is_junk(PurePosixPath(m.name).name)
            ),
            key=lambda m: m.name,
        )
        for member in members:
            name = PurePosixPath(member.name).name
            if not is_shard_name(name) and name not in INDEX_FILES:
                continue
            handle = archive.extractfile(member)
            if handle is None:  # pragma: no cover - regular files can always be extracted
                continue
            group = groups.setdefault(str(PurePosixPath(member.name).parent), ShardGroup())
            display = f"{path.name}:{member.name}"
            if name in INDEX_FILES:
                group.indexes[name] = IndexFile(display, handle.read())
            else:
                group.shards.append(ShardFile(display, name, handle.read()))
        # tarfile stops at the end-of-archive marker; reading the compressed
        # stream to its end checks the rest (a lost trailer, a bad checksum).
        while archive.fileobj is not None and archive.fileobj.read(1 << 16):
            pass
    return [group for group in groups.values() if group.shards]


def _folder_indexes(folder: Path, prefix: str = "") -> dict[str, IndexFile]:
    found = {}
    for name in INDEX_FILES:
        path = folder / name
        if path.is_file():
            found[name] = IndexFile(prefix + name, path.read_bytes())
    return found


def find_set_files(path: str | Path) -> SetFiles:
    """Read the shards and index files a task set path refers to, grouped by shard folder.

    Raises:
        FileNotFoundError: ``path`` does not exist.
        TaskFormatError: ``path`` holds no shard.
        OSError: a file cannot be read.
    """
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no such task set: {path}")
    if is_archive(path):
        groups = _archive_files(path)
        kind, where = ARCHIVE, f"archive {path} (looked for plans/{SHARD_GLOB} at any depth)"
    elif path.is_file():
        group = ShardGroup([ShardFile(path.name, path.name, path.read_bytes())], _folder_indexes(path.parent))
        return SetFiles(SHARD, [group])
    else:
        folder = shard_folder(path)
        shards = [ShardFile(p.name, p.name, p.read_bytes()) for p in shard_files(folder)]
        groups = [ShardGroup(shards, _folder_indexes(folder))] if shards else []
        kind, where = FOLDER, f"folder {folder}"
    if not groups:
        raise TaskFormatError([TaskProblem(f"no task shards ({SHARD_GLOB}) found in {where}")])
    return SetFiles(kind, groups)


class _LazyKeymap:
    """The line numbers of a shard's values, worked out only when a problem is reported.

    Recording them makes NestedText's parse about 45% slower, and a sound
    shard never needs them.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.keymap: dict[tuple[Any, ...], Any] | None = None

    def get(self, keys: tuple[Any, ...]) -> Any:
        if self.keymap is None:
            import nestedtext  # deferred: only a problem's line number needs the key map; a cached set never parses

            self.keymap = {}
            nestedtext.loads(self.text, top="any", keymap=self.keymap)
        return self.keymap.get(keys)


def _read_shard(display: str, shard: str, data: bytes) -> tuple[list[_Located], list[TaskProblem]]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        message = (
            f"not valid UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start}); "
            "task files must be saved as UTF-8"
        )
        return [], [TaskProblem(message, source=display)]
    import nestedtext  # deferred: only when parsing: a cached set never needs it

    try:
        records = nestedtext.loads(text, top="any")
    except nestedtext.NestedTextError as error:
        return [], [nestedtext_problem(error, display)]
    keymap = _LazyKeymap(text)
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


def repeats_an_id(problem: TaskProblem) -> bool:
    """Whether ``problem`` is a record repeating an earlier record's id (the record is left out of the tasks)."""
    return problem.field == "query_id" and problem.message.startswith("duplicate query id;")


def _duplicates(located: list[_Located]) -> tuple[list[TaskProblem], set[int]]:
    """One problem per repeated id or query text, and the positions in ``located`` of the repeats."""
    problems: list[TaskProblem] = []
    repeats: set[int] = set()
    for field_name in ("query_id", "query"):
        first_seen: dict[str, str] = {}
        for position, (task, display, locate) in enumerate(located):
            value = getattr(task, field_name)
            line = locate((field_name,)) if locate else None
            if value not in first_seen:  # located, so that the message names both uses' lines
                first_seen[value] = f"{display if line is None else f'{display}:{line}'} (task {task.query_id})"
                continue
            message = f"duplicate {field_name.replace('_', ' ')}; also used in {first_seen[value]}"
            problems.append(TaskProblem(message, display, query_id=task.query_id, field=field_name, line=line))
            repeats.add(position)
    return problems, repeats


@dataclass
class ParsedSet:
    """A task set as parsed: the well-formed tasks in id order (repeats left out), every problem, the notes.

    ``index`` is the weakest index check of its shard folders; ``digest`` is
    filled in by the caller that caches the parse.
    """

    kind: str
    tasks: list[Task]
    problems: list[TaskProblem]
    notes: list[str]
    index: str
    digest: str = ""


def _check_group(
    group: ShardGroup, tasks: list[Task], problems: list[TaskProblem], repeated: set[str], whole_set: bool
) -> IndexCheck:
    """Check one shard folder's index files, leaving out what did not load."""
    displays = {shard.display: shard.name for shard in group.shards}
    own = [p for p in problems if p.source in displays]
    # A record that did not load, or repeats another, has its own problem: its
    # index entries are not judged. A problem without an id may hide any id
    # of its shard.
    unreadable_ids = {p.query_id for p in own if p.query_id is not None} | repeated
    unreadable_shards = {displays[p.source] for p in own if p.query_id is None}
    return check_indexes(
        tasks,
        group.indexes,
        shard_names=list(displays.values()),
        unreadable_ids=unreadable_ids,
        unreadable_shards=unreadable_shards,
        whole_set=whole_set,
    )


def parse_set_files(files: SetFiles) -> ParsedSet:
    """Parse the shards of a set and check them against its index files (problems are collected, never raised)."""
    located: list[_Located] = []
    problems: list[TaskProblem] = []
    group_of: list[int] = []
    for number, group in enumerate(files.groups):
        for shard in group.shards:
            tasks, found = _read_shard(shard.display, shard.name, shard.data)
            located += tasks
            group_of += [number] * len(tasks)
            problems += found
    duplicates, repeats = _duplicates(located)
    kept = [(task, group_of[i]) for i, (task, _, _) in enumerate(located) if i not in repeats]
    repeated = {p.query_id for p in duplicates if p.query_id is not None}
    checks = [
        _check_group(group, [task for task, g in kept if g == number], problems, repeated, files.kind != SHARD)
        for number, group in enumerate(files.groups)
    ]
    strength = (ABSENT, PARTIAL, CHECKED)
    weakest = min((check.status for check in checks), key=strength.index, default=ABSENT)
    return ParsedSet(
        kind=files.kind,
        tasks=sorted((task for task, _ in kept), key=lambda task: int(task.query_id)),
        problems=problems + duplicates + [p for check in checks for p in check.problems],
        notes=[note for check in checks for note in check.notes],
        index=weakest,
    )


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


def write_tasks(
    tasks: Iterable[Task],
    root: str | Path,
    shard_size: int = SHARD_SIZE,
    *,
    write_code: bool = False,
    renumber: bool = False,
    replace: bool = False,
    owner: str | None = None,
) -> list[Path]:
    """Write a task set in the release layout, replacing the old files only once the new ones are complete.

    Tasks are written in id order. If every task remembers its shard (and
    ``renumber`` is false) it goes back there, so a loaded set is rewritten byte
    for byte; otherwise shards are numbered from ``queries_001.nt``, ``shard_size``
    tasks each. The new ``plans/`` (and, with ``write_code``, ``code/``) content is
    built aside and swapped in at once (:func:`aspera_core.fileio.replace_folder`):
    an error or an interruption leaves the old files as they were. Other files in
    those folders are kept. ``replace`` drops shards this write does not produce;
    ``owner`` (``"aspera build-tasks"``) writes the :data:`BUILT_MARKER` file and
    refuses a ``plans/`` with shards or index files but no marker.

    Raises:
        TaskFormatError: two tasks share an id or a query text.
        FileExistsError: ``plans/`` holds other shards and ``replace`` is false.
        NotBuiltHere: with ``owner``, ``plans/`` is not its own; nothing is written.
        ValueError: ``shard_size`` is not positive.
        OSError: the files cannot be written (the old ones are then intact).
    """
    if shard_size < 1:
        raise ValueError(f"shard_size must be positive, got {shard_size}")
    ordered = sorted(tasks, key=lambda task: int(task.query_id))
    duplicates, _ = _duplicates([(task, "tasks", None) for task in ordered])
    if duplicates:
        raise TaskFormatError(duplicates)
    shards = _assign_shards(ordered, shard_size, renumber)
    plans = Path(root) / "plans"
    stale = [p.name for p in shard_files(plans) if p.name not in shards] if plans.is_dir() else []
    if stale and not replace:
        raise FileExistsError(f"{plans} already holds other shards: {', '.join(stale)}")
    files = _shard_and_index_files(ordered, shards)
    if owner is not None:
        _refuse_foreign_plans(plans, owner)
        files[BUILT_MARKER] = f"written by {owner}: shards and index files here are replaced by its next run\n"
    code_files = {f"query_{task.query_id}.py": render_code_module(task) for task in ordered} if write_code else {}
    folders = [(plans, files, lambda name: not is_shard_name(name) and name not in (*INDEX_FILES, _OLD_MANIFEST))]
    if code_files:
        folders.append((Path(root) / "code", code_files, lambda name: True))
    _replace_folders(folders)
    return [plans / name for name in files] + [Path(root) / "code" / name for name in code_files]


#: In a ``plans/`` folder a command wrote as its own (``write_tasks(owner=...)``): it may replace what is there.
BUILT_MARKER = ".aspera-built"
#: The file-by-file manifest earlier versions kept in such a folder instead.
_OLD_MANIFEST = ".aspera-pipeline.json"


class NotBuiltHere(FileExistsError):
    """``plans/`` holds a task set that the command did not write (it has no marker); nothing was written."""


def _refuse_foreign_plans(plans: Path, owner: str) -> None:
    """Refuse a ``plans/`` folder holding shards or index files but neither :data:`BUILT_MARKER` nor an old manifest."""
    if not plans.is_dir() or any((plans / name).exists() for name in (BUILT_MARKER, _OLD_MANIFEST)):
        return
    found = sorted(p.name for p in plans.iterdir() if is_shard_name(p.name) or p.name in INDEX_FILES)
    if found:
        raise NotBuiltHere(
            f"{plans} holds a task set {owner} did not write ({', '.join(found)}; no {BUILT_MARKER} file);"
            " nothing was replaced: move those files away, or build into another folder"
        )


def _shard_and_index_files(ordered: list[Task], shards: dict[str, list[Task]]) -> dict[str, str]:
    """File name -> text of every shard and both index files."""
    import nestedtext  # deferred: nestedtext-for-writing, only when a set is built

    files = {name: nestedtext.dumps([task.to_record() for task in members]) + "\n" for name, members in shards.items()}
    shard_of = {task.query_id: name for name, members in shards.items() for task in members}
    files.update(render_indexes(ordered, shard_of))
    return files


def _replace_folders(folders: list[tuple[Path, dict[str, str], Callable[[str], bool]]]) -> None:
    """Write each folder's new files aside, then swap all of them in.

    Every folder is complete before any is swapped, so an error or an
    interruption while writing leaves all of them as they were.
    """
    with contextlib.ExitStack() as stack:
        for folder, contents, keep in folders:
            staging = stack.enter_context(replace_folder(folder, keep=keep))
            for name, text in contents.items():
                try:
                    # newline="" keeps LF endings on every platform, as in the release.
                    with (staging / name).open("w", encoding="utf-8", newline="") as handle:
                        handle.write(text)
                except OSError as error:  # a full disk: name the file as the user knows it
                    if error.filename is not None:
                        raise
                    raise OSError(error.errno, error.strerror or str(error), str(folder / name)) from error
