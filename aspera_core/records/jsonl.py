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
  (``resume_anyway``); :func:`results_file_for` names the file beside it
  that a run of the experiment starts or resumes instead.
* Files written before the header existed still load, read-only
  (:class:`LegacyResultsFile` when opened for appending).
* Rows are appended with one ``write`` each, under an exclusive lock, as soon
  as they are known; a run killed mid-write leaves at most a cut-off last
  line, which readers skip with a warning and the next writer cuts off. A last
  row that lacks only its final newline is complete and kept.

The mechanism is shared with judgements files (:mod:`aspera_core.records.appendonly`);
this module adds what is particular to results files.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from aspera_core.outcomes import Outcome
from aspera_core.records.appendonly import (
    AppendOnlyWriter,
    FileKind,
    first_line,
    now,
    parse_rows,
    read_file,
    refuse_special_file,
)
from aspera_core.records.appendonly import repair_tail as repair_tail  # part of this module's interface
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
    """A run tried to append rows of another experiment to a results file; ``differences`` reads ``name: file's != run's``."""

    def __init__(self, path: Path, differences: list[str], rows: int) -> None:
        self.differences = differences
        held = f"{rows} row{'' if rows == 1 else 's'}"
        super().__init__(
            f"{path} holds {held} of another experiment ({'; '.join(differences)}); "
            "use --force-new to start a new file beside it, or --resume-anyway to append regardless"
        )


@dataclass(frozen=True)
class ResultsFile:
    """A results file as read: its header (``None`` for a legacy file), its valid rows in file order, the skipped lines."""

    path: Path
    header: ResultsHeader | None
    rows: list[ResultRow]
    skipped: list[str] = field(default_factory=list)

    @property
    def experiment(self) -> Experiment | None:
        """The file's experiment (``None`` for a legacy file)."""
        return None if self.header is None else self.header.experiment


_RESULTS = FileKind(
    name="results", row="a result row", refused=NotAResultsFile, busy=ResultsFileBusy, warning=ResultsFileWarning
)


def _header(path: Path, data: bytes) -> tuple[int, ResultsHeader | None]:
    """The 0-based line of a results file's first line and its header (``None`` for a legacy file), or NotAResultsFile."""
    start, first = first_line(path, data, _RESULTS)
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
    return start, header


def _parse(path: Path, data: bytes) -> ResultsFile:
    """Parse the bytes of a results file, refusing anything that is not one."""
    start, header = _header(path, data)
    rows, skipped = parse_rows(path, data, start + (header is not None), ResultRow, _RESULTS)
    return ResultsFile(path, header, rows, skipped)


def read_results(path: str | Path) -> ResultsFile:
    """Read a results file: its header and every valid row.

    Invalid lines (a cut-off last line from an interrupted run, a damaged line)
    are skipped with a :class:`ResultsFileWarning` naming the line.

    Raises:
        FileNotFoundError: the path does not exist.
        NotAResultsFile: the path is a folder, an empty file, or a file whose
            first line is neither a results header nor a result row.
    """
    path = Path(path)
    results = _parse(path, read_file(path, _RESULTS))
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


def check_results_file(path: str | Path, experiment: Experiment | None = None, *, resume_anyway: bool = False) -> None:
    """Refuse a path that exists and is neither a results file (legacy ones included) nor empty; nothing is written.

    With ``experiment``, also refuse what :class:`ResultsWriter` would refuse for
    a run of it (a legacy file, another experiment unless ``resume_anyway``), so
    a run is refused before it starts.
    """
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        return
    refuse_special_file(path, _RESULTS)  # reading a named pipe would wait for a writer
    data = read_file(path, _RESULTS)
    if data.strip():
        existing = _parse(path, data)
        if experiment is not None:
            _refuse_to_append(existing, experiment, resume_anyway)


def _header_only(existing: ResultsFile) -> bool:
    """Whether a file holds a header and nothing else: a run that stopped before its first row."""
    return existing.header is not None and not existing.rows and not existing.skipped


def _refuse_to_append(existing: ResultsFile, experiment: Experiment, resume_anyway: bool) -> bool:
    """Refuse to append rows of ``experiment`` to ``existing``; True when its header is to be replaced.

    A file holding only another experiment's header loses nothing by taking
    the new one, so it is reused rather than refused.
    """
    path, header = existing.path, existing.header
    if header is None:
        raise LegacyResultsFile(
            f"{path} was written by an earlier version without an experiment header: "
            "it can be read (aspera summary) but not appended to; use --force-new to start a new file"
        )
    differences = header.experiment.differences(experiment)
    if differences and _header_only(existing):
        return True
    if differences and not resume_anyway:
        raise ExperimentMismatch(path, differences, len(existing.rows))
    return False


def _numbering(path: Path) -> tuple[str, int, str]:
    """``run.3.jsonl`` -> ``("run", 3, ".jsonl")``; a name without a number counts as number 1."""
    match = re.fullmatch(r"(.*?)(?:\.(\d+))?(\.[^.]+)?", path.name)
    if match is None:  # pragma: no cover - the pattern matches every name
        return path.name, 1, ""
    return match.group(1), int(match.group(2) or 1), match.group(3) or ""


def holds_experiment(path: str | Path, experiment: Experiment) -> bool:
    """Whether ``path`` is a results file whose header names ``experiment`` (only its first line is read)."""
    path = Path(path)
    if not path.is_file():  # a named pipe would be waited on
        return False
    try:
        with path.open("rb") as handle:
            first = next((line for line in handle if line.strip()), b"")
        _, header = _header(path, first)
    except (OSError, NotAResultsFile):
        return False
    return header is not None and not header.experiment.differences(experiment)


def _free(path: Path) -> bool:
    """Whether a new results file may be started at ``path``: it does not exist, is whitespace only, or holds only a header."""
    if not path.exists() and not path.is_symlink():
        return True
    try:
        data = path.read_bytes() if path.is_file() else None
        return data is not None and (not data.strip() or _header_only(_parse(path, data)))
    except (OSError, NotAResultsFile):
        return False


def results_file_for(path: str | Path, experiment: Experiment) -> Path:
    """The file a run of ``experiment`` writes to when asked for a new file if ``path`` holds another experiment.

    Of ``path``, ``name.2.jsonl``, ``name.3.jsonl``, ... (numbered on from
    ``path``'s own number), the first that holds ``experiment`` (to resume it),
    else the first that does not exist or is whitespace only (to start it); so
    asking again names the same file. A file that is not a results file of
    ``experiment`` is passed over and never written to; NotAResultsFile if
    ``path`` itself is one.
    """
    path = Path(path)
    check_results_file(path)
    stem, first, suffix = _numbering(path)
    numbered: dict[int, Path] = {}
    if path.parent.is_dir():
        pattern = re.compile(re.escape(stem) + r"\.(\d+)" + re.escape(suffix))
        for sibling in path.parent.iterdir():
            match = pattern.fullmatch(sibling.name)
            if match and int(match.group(1)) > first and sibling.name == f"{stem}.{int(match.group(1))}{suffix}":
                numbered[int(match.group(1))] = sibling
    for candidate in [path, *(numbered[number] for number in sorted(numbered))]:
        if holds_experiment(candidate, experiment):
            return candidate
    number, candidate = first, path
    while not _free(candidate):
        number += 1
        candidate = path.with_name(f"{stem}.{number}{suffix}")
    return candidate


class ResultsWriter(AppendOnlyWriter[ResultRow]):
    """Appends rows of one experiment to a results file, one ``write`` per row.

    Opening takes an exclusive lock, checks that an existing file is a results
    file of the same experiment (``resume_anyway``: append regardless), writes
    the header of a new (or empty) file, and cuts off a partial last line left by
    a killed run. ``fsync`` also syncs after every row.

    Raises:
        ResultsFileBusy: another process holds the file's lock.
        NotAResultsFile: the path exists and is not a results file (untouched).
        LegacyResultsFile: the file has no experiment header (untouched).
        ExperimentMismatch: the file holds another experiment (untouched).
    """

    def __init__(
        self, path: str | Path, experiment: Experiment, *, resume_anyway: bool = False, fsync: bool = False
    ) -> None:
        self.experiment = experiment
        self._new_header = lambda: ResultsHeader(aspera_results=FORMAT_VERSION, experiment=experiment, created_at=now())
        super().__init__(
            Path(path),
            _RESULTS,
            header=self._new_header,
            accept=lambda data: self._accept(data, resume_anyway),
            fsync=fsync,
        )

    def _accept(self, data: bytes, resume_anyway: bool) -> tuple[list[ResultRow], list[str]]:
        existing = _parse(self.path, data)
        if _refuse_to_append(existing, self.experiment, resume_anyway):  # only another's header: replaced
            os.ftruncate(self._fd, 0)
            self.write_line(self._new_header().model_dump_json())
            return [], []
        return existing.rows, existing.skipped

    def write(self, row: ResultRow) -> None:
        """Append one row (as one line, in one ``write`` call)."""
        self.write_line(row.model_dump_json())

    def write_all(self, rows: Iterable[ResultRow]) -> None:
        """Append several rows."""
        for row in rows:
            self.write(row)
