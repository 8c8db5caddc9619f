"""Judgements files on disk: the rules of results files (:mod:`aspera_core.records.appendonly`).

Anything but a judgements file is refused with :class:`NotAJudgementsFile` and left
byte for byte as it was; a file holds one judge's judgements of one experiment
(:class:`JudgementsMismatch` otherwise); judgements are appended one ``write`` each
under a lock, and a cut-off last line is skipped with a warning and cut off by the
next writer. A resumed run skips the programs the judge already answered for.
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
    """A judgements file as read: its header, its valid judgements in file order, a line per line skipped."""

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
    """Read a judgements file; invalid lines are skipped with a :class:`JudgementsFileWarning` naming them.

    Raises:
        FileNotFoundError: the path does not exist.
        NotAJudgementsFile: a folder, an empty file, or a first line that is not a judgements header.
    """
    path = Path(path)
    judgements = _parse(path, read_file(path, _JUDGEMENTS))
    for problem in judgements.skipped:
        warnings.warn(problem, JudgementsFileWarning, stacklevel=2)
    return judgements


def latest_judgements(rows: Iterable[Judgement]) -> list[Judgement]:
    """The judgement that counts for each ``(task_id, seed)``, in first-seen order.

    A later judgement replaces an earlier one without an answer (asked again) or of
    another program; otherwise the first answered judgement counts.
    """
    chosen: dict[tuple[str, int | None], Judgement] = {}
    for row in rows:
        current = chosen.get(row.key)
        if current is None or not current.answered or current.program_sha256 != row.program_sha256:
            chosen[row.key] = row
    return list(chosen.values())


def answered_keys(rows: Iterable[Judgement]) -> set[tuple[str, int | None, str]]:
    """``(task_id, seed, program_sha256)`` of the programs the judge answered for: a resumed run skips them.

    An answer without a readable verdict counts: the cache would give the same answer again.
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

    Opening it locks the file, checks an existing one holds the same judge setup and judged
    experiment (``judged``: ``None`` for a headerless results file), writes the header of a
    new one and cuts off a partial last line.

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
        self.write_line(judgement.model_dump_json())
