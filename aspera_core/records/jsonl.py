"""Append-only JSONL results files: writing row by row, reading, resuming.

A results file holds one :class:`~aspera_core.records.schema.ResultRow` per
line. The writer appends each row with a single ``write`` as soon as it is
known, so a run killed at any moment loses at most the rows being written.
A kill in the middle of a write can leave a cut-off last line; readers skip it
with a warning, and the writer cuts it off before appending so the next row
starts on a line of its own.
"""

from __future__ import annotations

import fcntl
import os
import warnings
from collections.abc import Iterable
from pathlib import Path

from pydantic import ValidationError

from aspera_core.records.schema import ResultRow


class ResultsFileWarning(UserWarning):
    """A results file contains a line that is not a valid row (it is skipped)."""


class ResultsFileBusy(RuntimeError):
    """Another process is writing to the same results file."""


def repair_tail(path: str | Path) -> int:
    """Remove a cut-off last line (one without a final newline) from a results file.

    Args:
        path: The results file (missing files are left alone).

    Returns:
        The number of bytes removed (0 when the file ends with a newline).
    """
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
        # Find the last newline by scanning backwards in blocks.
        end = size
        keep = 0
        while end > 0:
            start = max(0, end - 65536)
            handle.seek(start)
            block = handle.read(end - start)
            cut = block.rfind(b"\n")
            if cut >= 0:
                keep = start + cut + 1
                break
            end = start
        handle.truncate(keep)
        return size - keep


def read_rows(path: str | Path) -> list[ResultRow]:
    """Read every valid row of a results file.

    Invalid lines (a cut-off last line from an interrupted run, or anything
    that is not a row) are skipped with a :class:`ResultsFileWarning` naming
    the line; they never make reading fail.

    Args:
        path: The results file.

    Returns:
        The rows in file order (duplicates included).

    Raises:
        FileNotFoundError: the file does not exist.
    """
    path = Path(path)
    data = path.read_bytes()
    rows: list[ResultRow] = []
    lines = data.split(b"\n")
    last = len(lines) - 1
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            rows.append(ResultRow.model_validate_json(line))
        except (ValidationError, ValueError) as error:
            if number - 1 == last:
                reason = "cut-off last line (the run was stopped while writing it)"
            else:
                reason = _describe(error)
            warnings.warn(f"{path}:{number}: skipped: {reason}", ResultsFileWarning, stacklevel=2)
    return rows


def _describe(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        if first.get("type") == "json_invalid":
            return f"not valid JSON ({first.get('msg')})"
        field = ".".join(str(part) for part in first.get("loc", ())) or "row"
        return f"not a result row (field {field!r}: {first.get('msg')})"
    return f"not valid JSON ({error})"


def completed_ids(path: str | Path) -> set[str]:
    """Task ids that already have a row in a results file (empty if the file is missing).

    Args:
        path: The results file.

    Returns:
        The set of ``task_id`` values of valid rows.
    """
    path = Path(path)
    if not path.exists():
        return set()
    return {row.task_id for row in read_rows(path)}


class ResultsWriter:
    """Appends rows to a results file, one ``write`` per row.

    Opening the writer cuts off a partial last line left by a killed run and
    takes an exclusive lock on the file, so two runs cannot interleave rows.

    Args:
        path: The results file (created with its parent folders if missing).
        fsync: Also ``fsync`` after every row (survives power loss, slower).

    Raises:
        ResultsFileBusy: another process holds the file's lock.
    """

    def __init__(self, path: str | Path, fsync: bool = False) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self._fd)
            raise ResultsFileBusy(f"{self.path} is being written by another process") from None
        removed = repair_tail(self.path)
        if removed:
            warnings.warn(
                f"{self.path}: removed a cut-off last line ({removed} bytes) left by an interrupted run",
                ResultsFileWarning,
                stacklevel=2,
            )

    def write(self, row: ResultRow) -> None:
        """Append one row (as one line, in one ``write`` call).

        Args:
            row: The row.
        """
        data = (row.model_dump_json() + "\n").encode("utf-8")
        view = memoryview(data)
        while view:
            view = view[os.write(self._fd, view) :]
        if self.fsync:
            os.fsync(self._fd)

    def write_all(self, rows: Iterable[ResultRow]) -> None:
        """Append several rows."""
        for row in rows:
            self.write(row)

    def close(self) -> None:
        """Release the lock and close the file."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
