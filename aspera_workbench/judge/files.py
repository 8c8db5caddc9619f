"""Judgements files on disk: recognising, reading, appending, resuming.

The same rules as for results files (:mod:`aspera_core.records.jsonl`), kept by
the same mechanism (:mod:`aspera_core.records.appendonly`):

* Only judgements files are read as judgements or appended to. Anything else
  (a results file, a README, ``{"a": 1}``, a folder) is refused with
  :class:`NotAJudgementsFile` and left byte for byte as it was. An empty file
  counts as new.
* A file holds the judgements of one judge on one results file's experiment.
  Appending judgements of another judge setup, or of programs of another
  experiment, raises :class:`JudgementsMismatch`; the caller names another file.
* Judgements are appended with one ``write`` each, under an exclusive lock, as
  soon as they are known. A run stopped mid-write leaves at most a cut-off last
  line, which readers skip with a warning and the next writer cuts off.
* A resumed run skips every program the judge model already answered for
  (:func:`answered_keys`); programs whose request failed are asked again.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from aspera_core.records import (
    AppendOnlyWriter,
    Experiment,
    FileKind,
    ResultRow,
    ResultsHeader,
    first_line,
    now,
    parse_rows,
    read_file,
)
from aspera_workbench.judge.judgement_schema import FORMAT_VERSION, Judgement, JudgementsHeader, JudgeSetup


class JudgementsFileWarning(UserWarning):
    """A line of a judgements file is not a valid judgement and was skipped."""


class JudgementsFileBusy(RuntimeError):
    """Another process is writing to the same judgements file."""


class NotAJudgementsFile(ValueError):
    """The path is not a judgements file of this workbench (it is left untouched)."""


class JudgementsMismatch(ValueError):
    """A run tried to append judgements of another judge or of other programs to a judgements file.

    Attributes:
        differences: The differing fields, as ``name: file's != run's``.
    """

    def __init__(self, path: Path, differences: list[str]) -> None:
        self.differences = differences
        super().__init__(
            f"{path} holds judgements of another judge or of other programs ({'; '.join(differences)}); "
            "name another --out file"
        )


@dataclass(frozen=True)
class JudgementsFile:
    """A judgements file as read.

    Attributes:
        path: Where it was read from.
        header: Its header.
        rows: Its valid judgements in file order (repeated ones included).
        skipped: One description per line that was skipped.
    """

    path: Path
    header: JudgementsHeader
    rows: list[Judgement]
    skipped: list[str] = field(default_factory=list)


_JUDGEMENTS = FileKind(
    name="judgements",
    row="a judgement",
    refused=NotAJudgementsFile,
    busy=JudgementsFileBusy,
    warning=JudgementsFileWarning,
)


def _looks_like_results(line: bytes) -> bool:
    for model in (ResultsHeader, ResultRow):
        try:
            model.model_validate_json(line)
        except ValueError:
            continue
        return True
    return False


def _parse(path: Path, data: bytes) -> JudgementsFile:
    """Parse the bytes of a judgements file, refusing anything that is not one."""
    start, first = first_line(path, data, _JUDGEMENTS)
    try:
        header = JudgementsHeader.model_validate_json(first)
    except ValueError:
        if _looks_like_results(first):
            raise NotAJudgementsFile(
                f"{path} is a results file, not a judgements file; judgements go to a file of their own"
            ) from None
        raise NotAJudgementsFile(
            f"{path} is not a judgements file of this workbench (its first line is not a judgements header)"
        ) from None
    if header.aspera_judgements > FORMAT_VERSION:
        raise NotAJudgementsFile(
            f"{path} was written in judgements format {header.aspera_judgements}; "
            f"this workbench reads up to {FORMAT_VERSION}"
        )
    rows, skipped = parse_rows(path, data, start + 1, Judgement, _JUDGEMENTS)
    return JudgementsFile(path, header, rows, skipped)


def read_judgements(path: str | Path) -> JudgementsFile:
    """Read a judgements file: its header and every valid judgement.

    Invalid lines (a cut-off last line from an interrupted run, a damaged line)
    are skipped with a :class:`JudgementsFileWarning` naming the line.

    Args:
        path: The judgements file (``aspera judge --out``).

    Returns:
        The file's header and judgements.

    Raises:
        FileNotFoundError: the path does not exist.
        NotAJudgementsFile: the path is a folder, an empty file, or a file whose
            first line is not a judgements header.
    """
    path = Path(path)
    judgements = _parse(path, read_file(path, _JUDGEMENTS))
    for problem in judgements.skipped:
        warnings.warn(problem, JudgementsFileWarning, stacklevel=2)
    return judgements


def latest_judgements(rows: Iterable[Judgement]) -> list[Judgement]:
    """The judgement that counts for each ``(task_id, seed)``, in first-seen order.

    A later judgement replaces an earlier one of the same task and seed when
    the earlier one has no answer (its request failed and was asked again) or
    judged another program; otherwise the first answered judgement counts.

    Args:
        rows: Judgements of one file.

    Returns:
        One judgement per ``(task_id, seed)``.
    """
    chosen: dict[tuple[str, int | None], Judgement] = {}
    for row in rows:
        current = chosen.get(row.key)
        if current is None or not current.answered or current.program_sha256 != row.program_sha256:
            chosen[row.key] = row
    return list(chosen.values())


def answered_keys(rows: Iterable[Judgement]) -> set[tuple[str, int | None, str]]:
    """``(task_id, seed, program_sha256)`` of the programs the judge model answered for: a resumed run skips them.

    Programs whose answer held no readable verdict count as answered: asking
    again would send the same request and, with the answer cache, get the same answer.
    """
    return {(row.task_id, row.seed, row.program_sha256) for row in rows if row.answered}


def _differences(header: JudgementsHeader, judge: JudgeSetup, judged: Experiment | None) -> list[str]:
    found = header.judge.differences(judge)
    if header.judged is None or judged is None:
        if header.judged != judged:
            found.append("judged experiment: one of the two results files has no experiment header")
    else:
        found += [f"judged {item}" for item in header.judged.differences(judged)]
    return found


class JudgementsWriter(AppendOnlyWriter[Judgement]):
    """Appends judgements of one judge on one experiment's programs to a judgements file.

    Opening the writer takes an exclusive lock on the file, checks that an
    existing file is a judgements file of the same judge setup and judged
    experiment, writes the header of a new (or empty) file, and cuts off a
    partial last line left by a stopped run.

    Args:
        path: The judgements file (created with its parent folders if missing).
        judge: The judge's setup.
        judged: The experiment of the judged results file (``None`` for a headerless one).
        results_file: The results file as the user named it (recorded, not compared).
        fsync: Also ``fsync`` after every judgement.

    Raises:
        JudgementsFileBusy: another process holds the file's lock.
        NotAJudgementsFile: the path exists and is not a judgements file (untouched).
        JudgementsMismatch: the file holds another judge's or experiment's judgements (untouched).
    """

    def __init__(
        self,
        path: str | Path,
        judge: JudgeSetup,
        judged: Experiment | None,
        *,
        results_file: str = "",
        fsync: bool = False,
    ) -> None:
        super().__init__(
            Path(path),
            _JUDGEMENTS,
            header=lambda: JudgementsHeader(
                aspera_judgements=FORMAT_VERSION,
                judge=judge,
                judged=judged,
                results_file=results_file,
                created_at=now(),
            ),
            accept=lambda data: self._accept(data, judge, judged),
            fsync=fsync,
        )

    def _accept(self, data: bytes, judge: JudgeSetup, judged: Experiment | None) -> tuple[list[Judgement], list[str]]:
        existing = _parse(self.path, data)
        differences = _differences(existing.header, judge, judged)
        if differences:
            raise JudgementsMismatch(self.path, differences)
        return existing.rows, existing.skipped

    def write(self, judgement: Judgement) -> None:
        """Append one judgement (as one line, in one ``write`` call)."""
        self.write_line(judgement.model_dump_json())
