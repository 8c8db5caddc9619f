"""Append-only JSON Lines files that open with a header line.

Results files (:mod:`aspera_core.records.jsonl`) and judgements files
(:mod:`aspera_workbench.judge.files`) are kept safe the same way, by this module:

* The first non-blank line is the header; every later non-blank line is a row.
  A line that is not a valid row is skipped with a description naming it
  (a cut-off last line, invalid JSON, or a row with invalid fields).
* A writer opens the file for appending under an exclusive lock, writes the
  header of a new or whitespace-only file, lets the file's kind refuse an
  existing file before anything in it changes, cuts off a partial last line
  left by an interrupted run (with a warning), warns of every other skipped
  line as readers do, and appends each line with one ``write``. A last line
  that lacks only its final newline (the header, or a valid row) is kept.

A :class:`FileKind` names a kind of file and its errors; what its header means
and when an existing file may be appended to stay with the kind's own module.
"""

from __future__ import annotations

import datetime
import errno
import fcntl
import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Self, TypeVar

from pydantic import BaseModel, ValidationError

from aspera_core.fileio import dangling_link_in, make_folders, write_fully

Row = TypeVar("Row", bound=BaseModel)

CUT_OFF = "cut-off last line (the run was stopped while writing it)"


@dataclass(frozen=True)
class FileKind:
    """The names, errors and warning of one kind of append-only file.

    Attributes:
        name: What the files hold, as in "a results file" (``"results"``, ``"judgements"``).
        row: One row with its article, as in "not a result row" (``"a result row"``).
        refused: Raised for a path that is not such a file (a folder, an empty or unreadable file).
        busy: Raised when another process holds the file's lock.
        warning: Warned for a skipped line and for a removed cut-off last line.
    """

    name: str
    row: str
    refused: type[Exception]
    busy: type[Exception]
    warning: type[Warning]


def now() -> str:
    """The current UTC time in ISO 8601 with milliseconds (a header's ``created_at``)."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


def read_file(path: Path, kind: FileKind) -> bytes:
    """The bytes of a file of ``kind`` about to be read; ``kind.refused`` for a folder, a dangling link or an unreadable file."""
    refuse_folder_or_link(path, kind)
    if not path.exists():
        raise FileNotFoundError(f"{path} does not exist")
    try:
        return path.read_bytes()
    except OSError as error:
        raise kind.refused(f"{path} cannot be read ({error.strerror})") from None


def refuse_special_file(path: Path, kind: FileKind) -> None:
    """Refuse (``kind.refused``) a path that exists and is neither a folder nor a regular file: a pipe, a device, a socket.

    Checking a named pipe's first line would wait until something wrote into it,
    and appending to it would wait for a reader.
    """
    if path.exists() and not path.is_dir() and not path.is_file():
        raise kind.refused(f"{path} is not a regular file (a pipe, a device or a socket)")


def refuse_folder_or_link(path: Path, kind: FileKind) -> None:
    """Refuse (``kind.refused``) a folder, or a symbolic link to nothing as the file or a folder above it.

    Writing through such a link would create files wherever it points; readers
    would only say "does not exist" of a path that is plainly there.
    """
    if path.is_dir():
        raise kind.refused(f"{path} is a folder, not a {kind.name} file")
    problem = dangling_link_in(path)
    if problem is not None:
        raise kind.refused(problem)


def first_line(path: Path, data: bytes, kind: FileKind) -> tuple[int, bytes]:
    """The 0-based number and the text of the first non-blank line; ``kind.refused`` when every line is blank."""
    for number, line in enumerate(data.split(b"\n")):
        if line.strip():
            return number, line
    raise kind.refused(f"{path} is empty: it holds no {kind.name}")


def describe(error: Exception, kind: FileKind) -> str:
    """Why a line is not a valid row: invalid JSON, or the first invalid field."""
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        if first.get("type") == "json_invalid":
            return f"not valid JSON ({first.get('msg')})"
        where = ".".join(str(part) for part in first.get("loc", ())) or "row"
        return f"not {kind.row} (field {where!r}: {first.get('msg')})"
    return f"not valid JSON ({error})"


def parse_rows(path: Path, data: bytes, start: int, model: type[Row], kind: FileKind) -> tuple[list[Row], list[str]]:
    """The valid rows of a file's bytes from 0-based line ``start`` on, and a description of each skipped line.

    Blank lines are passed over silently. A description reads
    ``<path>:<line>: skipped: <reason>`` with 1-based line numbers; a last line
    without a final newline is reported as cut off.
    """
    lines = data.split(b"\n")
    rows: list[Row] = []
    skipped: list[str] = []
    for number in range(start, len(lines)):
        line = lines[number]
        if not line.strip():
            continue
        try:
            rows.append(model.model_validate_json(line))
        except ValueError as error:
            cut_off = number == len(lines) - 1 and not data.endswith(b"\n")
            skipped.append(_skipped(path, number + 1, CUT_OFF if cut_off else describe(error, kind)))
    return rows, skipped


def _skipped(path: Path, number: int, reason: str) -> str:
    """The description of skipped line ``number`` (1-based)."""
    return f"{path}:{number}: skipped: {reason}"


def repair_tail(path: str | Path) -> int:
    """Remove a cut-off last line (one without a final newline) from a file; the bytes removed (a missing file: 0)."""
    path = Path(path)
    if not path.exists():
        return 0
    with path.open("rb+") as handle:
        size = handle.seek(0, os.SEEK_END)
        if size == 0:
            return 0
        handle.seek(size - 1)
        if handle.read(1) == b"\n":
            return 0
        end, keep = size, 0
        while end > 0:  # find the last newline, block by block from the end
            start = max(0, end - 65536)
            handle.seek(start)
            cut = handle.read(end - start).rfind(b"\n")
            if cut >= 0:
                keep = start + cut + 1
                break
            end = start
        handle.truncate(keep)
        return size - keep


class AppendOnlyWriter(Generic[Row]):
    """Appends lines to a file of one kind under an exclusive lock, one ``write`` per line.

    Opening takes the lock, writes ``header()`` to a new or whitespace-only file,
    else calls ``accept`` on the file's bytes, which refuses the file by raising
    (it is left as it was) or returns its rows and skipped lines as
    :func:`parse_rows` makes them (kept in ``existing``). Skipped lines are warned
    as readers word them, and a partial last line left by an interrupted run is
    cut off with a ``kind.warning``; a last line complete but for its newline is
    kept. A kind's writer subclasses this class and calls its ``__init__`` from
    its own, so the warning names the line that opened the kind's writer.

    Raises:
        Exception: ``kind.refused`` for a folder, a dangling link or a special file;
            ``kind.busy`` when another process holds the lock; whatever ``accept`` raises.
    """

    def __init__(
        self,
        path: Path,
        kind: FileKind,
        *,
        header: Callable[[], BaseModel],
        accept: Callable[[bytes], tuple[list[Row], list[str]]],
        fsync: bool = False,
    ) -> None:
        self.path = path
        self.fsync = fsync
        self.existing: list[Row] = []
        refuse_folder_or_link(self.path, kind)
        refuse_special_file(self.path, kind)
        make_folders(self.path.parent)
        # Opening with O_APPEND | O_CREAT changes nothing in an existing file.
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            self._open_checked(kind, header, accept)
        except BaseException:
            self.close()
            raise

    def _open_checked(
        self,
        kind: FileKind,
        header: Callable[[], BaseModel],
        accept: Callable[[bytes], tuple[list[Row], list[str]]],
    ) -> None:
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise kind.busy(f"{self.path} is being written by another process") from None
        data = self.path.read_bytes()
        if not data.strip():
            if data:  # whitespace only: ours to replace, nothing to keep
                os.ftruncate(self._fd, 0)
            self.write_line(header().model_dump_json())
            return
        existing, skipped = accept(data)
        cut_off = not data.endswith(b"\n") and bool(skipped)
        # The last line lacks its newline: parse_rows skipped it as cut off unless it is a
        # valid row (or the header), which is kept and completed.
        cut_off = cut_off and skipped[-1] == _skipped(self.path, data.count(b"\n") + 1, CUT_OFF)
        for problem in skipped[:-1] if cut_off else skipped:  # worded as readers word them
            warnings.warn(problem, kind.warning, stacklevel=4)
        if not data.endswith(b"\n"):
            if cut_off:
                removed = repair_tail(self.path)
                warnings.warn(
                    f"{self.path}: removed a cut-off last line ({removed} bytes) left by an interrupted run",
                    kind.warning,
                    stacklevel=4,  # here, this __init__, the kind writer's __init__, its caller
                )
            else:
                write_fully(self._fd, b"\n")
        self.existing = existing

    def write_line(self, text: str) -> None:
        """Append ``text`` and a newline in full, then ``fsync`` if asked to.

        Raises:
            FileNotFoundError: the file was removed since it was opened (the line
                would go to a file no one can read).
            OSError: the write failed (a full disk); the error names the file.
        """
        if os.fstat(self._fd).st_nlink == 0:
            raise FileNotFoundError(errno.ENOENT, "was removed while being written", str(self.path))
        try:
            write_fully(self._fd, (text + "\n").encode("utf-8"))
        except OSError as error:  # a full disk: say which file, as the commands' one-line errors need
            if error.filename is not None:
                raise
            raise OSError(error.errno, error.strerror or str(error), str(self.path)) from error
        if self.fsync:
            os.fsync(self._fd)

    def close(self) -> None:
        """Release the lock and close the file (closing twice is harmless)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
