"""Results files on disk: recognising, reading, appending, resuming.

A results file is JSON Lines: a :class:`~aspera_core.records.schema.ResultsHeader`
naming the experiment, then one :class:`~aspera_core.records.schema.ResultRow`
per evaluated program. The rules that keep a user's files and numbers safe:

* Only results files are read as results or appended to. Anything else (a
  README, a notebook, a CSV, ``{"a": 1}``, a folder) is refused with
  :class:`NotAResultsFile` and left byte for byte as it was. An empty file
  counts as new.
* A file holds one experiment. Appending rows of a different experiment
  raises :class:`ExperimentMismatch` unless the caller insists
  (``resume_anyway``); :func:`next_free_path` names a new file instead.
* Files written before the header existed still load, read-only
  (:class:`LegacyResultsFile` when opened for appending).
* Rows are appended with one ``write`` each, under an exclusive lock, as soon
  as they are known; a run killed mid-write leaves at most a cut-off last
  line, which readers skip with a warning and the next writer cuts off.
"""

from __future__ import annotations

import datetime
import fcntl
import os
import re
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from aspera_core.outcomes import Outcome
from aspera_core.records.schema import FORMAT_VERSION, Experiment, ResultRow, ResultsHeader


class ResultsFileWarning(UserWarning):
    """A line of a results file is not a valid row and was skipped."""


class ResultsFileBusy(RuntimeError):
    """Another process is writing to the same results file."""


class NotAResultsFile(ValueError):
    """The path is not a results file of this workbench (it is left untouched)."""


class LegacyResultsFile(NotAResultsFile):
    """A results file without an experiment header: readable, but not appended to."""


class ExperimentMismatch(ValueError):
    """A run tried to append rows of another experiment to a results file.

    Attributes:
        differences: The differing fields, as ``name: file's != run's``.
    """

    def __init__(self, path: Path, differences: list[str]) -> None:
        self.differences = differences
        super().__init__(
            f"{path} holds another experiment ({'; '.join(differences)}); "
            "use --force-new to start a new file beside it, or --resume-anyway to append regardless"
        )


@dataclass(frozen=True)
class ResultsFile:
    """A results file as read.

    Attributes:
        path: Where it was read from.
        header: Its header, or ``None`` for a file written before headers existed.
        rows: Its valid rows in file order (duplicates included).
        skipped: One description per line that was skipped.
    """

    path: Path
    header: ResultsHeader | None
    rows: list[ResultRow]
    skipped: list[str] = field(default_factory=list)

    @property
    def experiment(self) -> Experiment | None:
        """The file's experiment (``None`` for a legacy file)."""
        return None if self.header is None else self.header.experiment


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


def _describe(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        if first.get("type") == "json_invalid":
            return f"not valid JSON ({first.get('msg')})"
        where = ".".join(str(part) for part in first.get("loc", ())) or "row"
        return f"not a result row (field {where!r}: {first.get('msg')})"
    return f"not valid JSON ({error})"


def _first_line(data: bytes) -> tuple[int, bytes]:
    """The first non-blank line of ``data`` and its 0-based line number (``-1`` if none)."""
    for number, line in enumerate(data.split(b"\n")):
        if line.strip():
            return number, line
    return -1, b""


def _parse(path: Path, data: bytes) -> ResultsFile:
    """Parse the bytes of a results file, refusing anything that is not one."""
    start, first = _first_line(data)
    if start < 0:
        raise NotAResultsFile(f"{path} is empty: it holds no results")
    header: ResultsHeader | None = None
    try:
        header = ResultsHeader.model_validate_json(first)
    except ValueError:
        try:
            ResultRow.model_validate_json(first)
        except ValueError:
            raise NotAResultsFile(
                f"{path} is not a results file of this workbench (its first line is neither a results "
                "header nor a result row)"
            ) from None
    if header is not None and header.aspera_results > FORMAT_VERSION:
        raise NotAResultsFile(
            f"{path} was written in results format {header.aspera_results}; this workbench reads up to {FORMAT_VERSION}"
        )
    lines = data.split(b"\n")
    rows: list[ResultRow] = []
    skipped: list[str] = []
    for number in range(start + (header is not None), len(lines)):
        line = lines[number]
        if not line.strip():
            continue
        try:
            rows.append(ResultRow.model_validate_json(line))
        except ValueError as error:
            cut_off = number == len(lines) - 1 and not data.endswith(b"\n")
            reason = "cut-off last line (the run was stopped while writing it)" if cut_off else _describe(error)
            skipped.append(f"{path}:{number + 1}: skipped: {reason}")
    return ResultsFile(path, header, rows, skipped)


def read_results(path: str | Path) -> ResultsFile:
    """Read a results file: its header and every valid row.

    Invalid lines (a cut-off last line from an interrupted run, a damaged
    line) are skipped with a :class:`ResultsFileWarning` naming the line.

    Args:
        path: The results file.

    Returns:
        The file's header (``None`` for a legacy file) and rows.

    Raises:
        FileNotFoundError: the path does not exist.
        NotAResultsFile: the path is a folder, an empty file, or a file whose
            first line is neither a results header nor a result row.
    """
    path = Path(path)
    if path.is_dir():
        raise NotAResultsFile(f"{path} is a folder, not a results file")
    if not path.exists():
        raise FileNotFoundError(f"{path} does not exist")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise NotAResultsFile(f"{path} cannot be read ({error.strerror})") from None
    results = _parse(path, data)
    for problem in results.skipped:
        warnings.warn(problem, ResultsFileWarning, stacklevel=2)
    return results


def read_rows(path: str | Path) -> list[ResultRow]:
    """The valid rows of a results file, in file order (see :func:`read_results`)."""
    return read_results(path).rows


def judged(row: ResultRow) -> bool:
    """Whether a row is a verdict on a program (``model_error`` rows are not: no program was obtained)."""
    return row.outcome is not Outcome.MODEL_ERROR


def completed_keys(rows: Iterable[ResultRow]) -> set[tuple[str, int | None]]:
    """``(task_id, seed)`` pairs that a resumed run skips: those with a judged row."""
    return {row.key for row in rows if judged(row)}


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


def next_free_path(path: str | Path) -> Path:
    """A path beside ``path`` that does not exist yet: ``name.2.jsonl``, ``name.3.jsonl``, ...

    Used to start a new results file without touching an existing one.
    """
    path = Path(path)
    match = re.fullmatch(r"(.*?)(?:\.(\d+))?(\.[^.]+)?", path.name)
    stem, suffix = (match.group(1), match.group(3) or "") if match else (path.name, "")
    number = 2
    while (candidate := path.with_name(f"{stem}.{number}{suffix}")).exists():
        number += 1
    return candidate


class ResultsWriter:
    """Appends rows of one experiment to a results file, one ``write`` per row.

    Opening the writer takes an exclusive lock on the file (two runs cannot
    interleave rows), checks that an existing file is a results file of the
    same experiment, writes the header of a new (or empty) file, and cuts off
    a partial last line left by a killed run.

    Args:
        path: The results file (created with its parent folders if missing).
        experiment: The experiment the rows belong to.
        resume_anyway: Append even if the file's experiment differs.
        fsync: Also ``fsync`` after every row (survives power loss, slower).

    Raises:
        ResultsFileBusy: another process holds the file's lock.
        NotAResultsFile: the path exists and is not a results file (untouched).
        LegacyResultsFile: the file has no experiment header (untouched).
        ExperimentMismatch: the file holds another experiment (untouched).
    """

    def __init__(
        self, path: str | Path, experiment: Experiment, *, resume_anyway: bool = False, fsync: bool = False
    ) -> None:
        self.path = Path(path)
        self.experiment = experiment
        self.fsync = fsync
        self.existing: list[ResultRow] = []
        if self.path.is_dir():
            raise NotAResultsFile(f"{self.path} is a folder, not a results file")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Opening with O_APPEND | O_CREAT changes nothing in an existing file.
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            self._open_checked(resume_anyway)
        except BaseException:
            self.close()
            raise

    def _open_checked(self, resume_anyway: bool) -> None:
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ResultsFileBusy(f"{self.path} is being written by another process") from None
        data = self.path.read_bytes()
        if not data.strip():
            if data:  # whitespace only: ours to replace, nothing to keep
                os.ftruncate(self._fd, 0)
            header = ResultsHeader(aspera_results=FORMAT_VERSION, experiment=self.experiment, created_at=_now())
            self._write_line(header.model_dump_json())
            return
        existing = _parse(self.path, data)
        if existing.header is None:
            raise LegacyResultsFile(
                f"{self.path} was written by an earlier version without an experiment header: "
                "it can be read (aspera summary) but not appended to; use --force-new to start a new file"
            )
        differences = existing.header.experiment.differences(self.experiment)
        if differences and not resume_anyway:
            raise ExperimentMismatch(self.path, differences)
        removed = repair_tail(self.path)
        if removed:
            warnings.warn(
                f"{self.path}: removed a cut-off last line ({removed} bytes) left by an interrupted run",
                ResultsFileWarning,
                stacklevel=3,
            )
        self.existing = existing.rows

    def _write_line(self, text: str) -> None:
        view = memoryview((text + "\n").encode("utf-8"))
        while view:
            view = view[os.write(self._fd, view) :]
        if self.fsync:
            os.fsync(self._fd)

    def write(self, row: ResultRow) -> None:
        """Append one row (as one line, in one ``write`` call)."""
        self._write_line(row.model_dump_json())

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
