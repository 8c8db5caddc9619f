"""People's labels on evaluated programs: one append-only file per annotator, samples to label, consensus.

A label is one person's judgement of one result row (system, task, seed): whether the
evaluation program's verdict is right (:data:`VERDICT_LABELS`), which error category
(:data:`~aspera_workbench.analysis.categories.CATEGORIES`) the program's behaviour belongs to,
and a note.

Each annotator has a file of their own, ``<folder>/<annotator>.jsonl`` (:class:`AnnotationFile`).
Lines are only ever appended, one ``write`` each, flushed before the call returns, so closing a
notebook loses nothing; the last line for a row is the label that counts. A line cut short by a
crash is dropped before the next one is appended, as results files do; a whole label that only
lacks its final newline (saved by an editor) is kept.

:func:`labelling_sample` draws the same stratified sample for every annotator (checked by
:func:`sample_digest`); :func:`consensus_labels` finds what most annotators say of each row, and
:func:`labelled_taxonomy` reports the categories per system. Agreement is in
:mod:`aspera_workbench.analysis.agreement`.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from aspera_core.fileio import dangling_link_in, make_folders, write_fully
from aspera_core.records import repair_tail
from aspera_workbench.analysis.categories import CATEGORIES

#: Marks a line of an annotation file (and its version).
FORMAT = "aspera-annotation"
VERSION = 1

#: Answers to "is the evaluation program's verdict right?".
VERDICT_LABELS: tuple[str, ...] = ("correct", "wrong", "unsure")

#: What identifies the row a label is about.
ITEM = ["system", "task_id", "seed"]

_ANNOTATOR = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


class AnnotationFileError(ValueError):
    """An annotation file or label is unusable (not an annotation file, another annotator's, a bad field)."""


def check_annotator(name: str) -> str:
    """An annotator's name without surrounding spaces, checked: it names their file.

    Raises:
        AnnotationFileError: the name is empty, or has characters other than letters, digits, ``-``,
            ``_`` and ``.`` (starting with a letter or digit, at most 64).
    """
    cleaned = str(name).strip()
    if not _ANNOTATOR.fullmatch(cleaned):
        raise AnnotationFileError(
            f"annotator name {name!r}: use letters, digits, '-', '_' or '.' (it names the file of your labels)"
        )
    return cleaned


def annotation_path(folder: str | os.PathLike[str], annotator: str) -> Path:
    """The file of an annotator's labels: ``<folder>/<annotator>.jsonl``."""
    return Path(folder) / f"{check_annotator(annotator)}.jsonl"


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Label:
    """One person's judgement of one evaluated program.

    ``verdict`` is one of :data:`VERDICT_LABELS`; ``category`` a key of
    :data:`~aspera_workbench.analysis.categories.CATEGORIES` or ``None``; ``outcome`` and
    ``auto_category`` are what the row showed when labelled, ``program_sha256`` the digest of its
    program (to notice a row that changed since), ``time`` when the label was written (UTC, set on
    writing).
    """

    annotator: str
    system: str
    task_id: str
    seed: int | None
    verdict: str
    category: str | None = None
    note: str = ""
    outcome: str | None = None
    auto_category: str | None = None
    model: str | None = None
    setting: str | None = None
    program_sha256: str | None = None
    time: str = ""

    def checked(self) -> Label:
        """This label, checked field by field (:class:`AnnotationFileError` naming the field)."""
        check_annotator(self.annotator)
        if not str(self.system).strip() or not str(self.task_id).strip():
            raise AnnotationFileError("a label needs the row's system and task_id")
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise AnnotationFileError(f"seed must be a whole number or None, not {self.seed!r}")
        if self.verdict not in VERDICT_LABELS:
            raise AnnotationFileError(f"verdict {self.verdict!r}: choose one of {', '.join(VERDICT_LABELS)}")
        if self.category is not None and self.category not in CATEGORIES:
            raise AnnotationFileError(f"category {self.category!r} is not a category of the taxonomy")
        return self

    def to_json(self) -> dict[str, Any]:
        """The label as one line's JSON object (with the file format's marker)."""
        return {"format": FORMAT, "version": VERSION, **asdict(self)}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Label:
        """Read a label written by :meth:`to_json`; ``where`` (``path:line``) names it in errors."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise AnnotationFileError(f"{where}: not a line of an annotation file")
        if data.get("version") != VERSION:
            raise AnnotationFileError(f"{where}: annotation format version {data.get('version')}, expected {VERSION}")
        fields = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        try:
            return cls(**fields).checked()
        except TypeError as error:  # a required field is missing
            raise AnnotationFileError(f"{where}: {error}") from None
        except AnnotationFileError as error:
            raise AnnotationFileError(f"{where}: {error}") from None


def read_annotation_file(path: str | os.PathLike[str]) -> list[Label]:
    """Every label of one annotation file, in the order written (a row labelled twice appears twice).

    A last line cut short by a crash is ignored, a whole label lacking only its final newline is
    read; any other unreadable line is an error, and so is a file whose only line is neither a label
    nor the start of one (someone else's file).

    Raises:
        FileNotFoundError: no such file.
        AnnotationFileError: a line that is not a label, or labels of several annotators.
    """
    path = Path(path)
    data = path.read_bytes()
    lines = data.split(b"\n")
    complete, tail = lines[:-1], lines[-1]  # the tail, after the last newline, is usually empty
    labels = []
    for number, line in enumerate(complete, start=1):
        if not line.strip():
            continue
        try:
            decoded = json.loads(line)
        except ValueError:
            raise AnnotationFileError(f"{path}:{number}: not a JSON line") from None
        labels.append(Label.from_json(decoded, f"{path}:{number}"))
    last = _complete_tail(tail, f"{path}:{len(lines)}")
    if last is not None:
        labels.append(last)
    elif tail.strip() and not labels and not _cut_label(tail):
        # Nothing in the file is a label, not even the start of one: it is someone else's file.
        raise AnnotationFileError(f"{path}: not an annotation file (its only line is not a label)")
    annotators = sorted({label.annotator for label in labels})
    if len(annotators) > 1:
        raise AnnotationFileError(f"{path}: labels of several annotators ({', '.join(annotators)}); one file each")
    return labels


#: How every line written begins (its keys are sorted): what a line cut short by a crash starts with.
_LINE_START = b'{"annotator": "'


def _cut_label(tail: bytes) -> bool:
    """Whether a last line without its newline can be the start of a label line that a crash cut short."""
    text = tail.lstrip()
    return text.startswith(_LINE_START) or _LINE_START.startswith(text)


def _complete_tail(tail: bytes, where: str) -> Label | None:
    """The label on a last line without its final newline, if that line is a whole, valid label."""
    if not tail.strip():
        return None
    try:
        return Label.from_json(json.loads(tail), where)
    except (ValueError, TypeError):  # not JSON, or not a label (AnnotationFileError is a ValueError)
        return None


class AnnotationFile:
    """Appends one annotator's labels to their file; never rewrites a line.

    Opening checks an existing file: anything but this annotator's annotation file is left untouched
    and refused. ``labels`` (oldest first) is read again whenever the file changed, so two open
    sessions of one annotator see each other's labels.

    Raises:
        AnnotationFileError: a bad name, the file is not this annotator's annotation file, or it or
            its folder is a symbolic link to nothing.
    """

    def __init__(self, folder: str | os.PathLike[str], annotator: str) -> None:
        self.annotator = check_annotator(annotator)
        self.path = annotation_path(folder, self.annotator)
        if self.path.is_dir():
            raise AnnotationFileError(f"{self.path} is a folder, not an annotation file")
        dangling = dangling_link_in(self.path)
        if dangling is not None:  # labels appended through it would land wherever it points
            raise AnnotationFileError(dangling)
        self._labels: list[Label] = []
        self._read_as: tuple[int, int, int] | None = None  # the file's size, time and inode when read
        others = {label.annotator for label in self.labels} - {self.annotator}
        if others:
            raise AnnotationFileError(f"{self.path} holds the labels of {', '.join(sorted(others))}")

    def append(self, label: Label) -> Label:
        """Check a label (it must be this file's annotator's), stamp its time and append it as one line."""
        if label.annotator != self.annotator:
            raise AnnotationFileError(f"a label of {label.annotator!r} does not belong in {self.path}")
        written = Label(**{**asdict(label), "time": _now()}).checked()
        line = (json.dumps(written.to_json(), ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        make_folders(self.path.parent)
        if self._ends_with_unterminated_label():
            line = b"\n" + line  # a whole label saved without its newline (by an editor) is kept
        else:
            repair_tail(self.path)  # a line cut short by a crash was never complete
        descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            write_fully(descriptor, line)
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        return written

    @property
    def labels(self) -> list[Label]:  # noqa: D102 - documented with the class
        try:
            status = self.path.stat()
        except FileNotFoundError:
            self._labels, self._read_as = [], None
            return self._labels
        signature = (status.st_size, status.st_mtime_ns, status.st_ino)
        if signature != self._read_as:
            self._labels, self._read_as = read_annotation_file(self.path), signature
        return self._labels

    def _ends_with_unterminated_label(self) -> bool:
        """Whether the file's last line is a whole label that only lacks its final newline."""
        try:
            with self.path.open("rb") as handle:
                size = handle.seek(0, os.SEEK_END)
                if size == 0:
                    return False
                handle.seek(size - 1)
                if handle.read(1) == b"\n":
                    return False
                handle.seek(0)
                tail = handle.read().rsplit(b"\n", 1)[-1]
        except FileNotFoundError:
            return False
        return _complete_tail(tail, str(self.path)) is not None

    def latest(self, system: str, task_id: str, seed: int | None) -> Label | None:
        """The label that counts for a row (the last one written), if any."""
        for label in reversed(self.labels):
            if (label.system, label.task_id, label.seed) == (system, task_id, seed):
                return label
        return None


#: The frame of labels: a label's fields, then where it was read.
_COLUMNS = [*Label.__dataclass_fields__, "file", "line"]


def _annotation_files(
    source: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], missing_ok: bool = False
) -> list[Path]:
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        if path.is_dir():
            return sorted(p for p in path.glob("*.jsonl") if not p.name.startswith("."))
        if not path.exists():
            if missing_ok:
                return []
            raise FileNotFoundError(f"{path} does not exist")
        return [path]
    return [Path(p) for p in source]


def read_annotations(
    source: str | os.PathLike[str] | Iterable[str | os.PathLike[str]] | pd.DataFrame | None,
    *,
    latest: bool = True,
    missing_ok: bool = False,
) -> pd.DataFrame:
    """Read annotators' files into one frame.

    Args:
        source: A folder (every ``*.jsonl`` file in it), one file, several files, a frame this
            function returned (passed through), or ``None`` for no labels.
        latest: Keep only the label that counts per annotator and row (the last one written).
        missing_ok: A folder or file that does not exist (yet) means no labels instead of an error.

    Returns:
        One row per label with the fields of :class:`Label` plus ``file`` and ``line``.

    Raises:
        FileNotFoundError: a named file or folder does not exist (unless ``missing_ok``).
        AnnotationFileError: a file is not an annotation file.
    """
    if isinstance(source, pd.DataFrame):
        frame = source
    else:
        records = []
        for path in _annotation_files(source, missing_ok) if source is not None else []:
            for line, label in enumerate(read_annotation_file(path)):
                records.append({**asdict(label), "file": str(path), "line": line})
        frame = pd.DataFrame.from_records(records, columns=_COLUMNS)
        frame["seed"] = frame["seed"].astype("Int64")
        frame["task_id"] = frame["task_id"].astype(str)
    if latest and not frame.empty:
        keys = ["annotator", *ITEM]
        frame = frame.assign(_seed=frame["seed"].astype("object").where(frame["seed"].notna(), None))
        frame = frame.drop_duplicates(["annotator", "system", "task_id", "_seed"], keep="last").drop(columns="_seed")
        frame = frame.sort_values(keys, kind="stable", key=_sort_key).reset_index(drop=True)
    return frame


def _sort_key(column: pd.Series) -> pd.Series:
    if column.name == "seed":
        return column.astype("Float64").fillna(-1)
    return column.astype(str)


def item_keys(frame: pd.DataFrame) -> pd.Series:
    """One text per row naming the labelled item: its system, task and seed."""
    seeds = frame["seed"].astype("object").map(lambda s: "" if s is None or pd.isna(s) else str(int(s)))
    return frame["system"].astype(str) + "\x1f" + frame["task_id"].astype(str) + "\x1f" + seeds


# -- a labelling round ----------------------------------------------------------------


def _allocate(sizes: list[int], total: int) -> list[int]:
    """Rows to draw per stratum: proportional, at least one each when there is room, never more than a stratum has."""
    available = sum(sizes)
    total = min(total, available)
    if total <= 0:
        return [0] * len(sizes)
    taken = [0] * len(sizes)
    if total >= len(sizes):
        taken = [1 if size else 0 for size in sizes]
    while sum(taken) < total:
        remaining = total - sum(taken)
        room = [size - have for size, have in zip(sizes, taken)]
        weights = [size if space > 0 else 0 for size, space in zip(sizes, room)]
        exact = [remaining * weight / sum(weights) for weight in weights]
        extra = [min(math.floor(value), space) for value, space in zip(exact, room)]
        if sum(extra) == 0:  # hand out single rows by largest remainder (ties: earlier stratum)
            order = sorted(range(len(sizes)), key=lambda i: (-(exact[i] - math.floor(exact[i])), i))
            extra[next(i for i in order if room[i] > 0)] = 1
        taken = [have + more for have, more in zip(taken, extra)]
    return taken


def labelling_sample(
    frame: pd.DataFrame, size: int, *, by: Sequence[str] = ("system", "outcome"), seed: int = 0
) -> pd.DataFrame:
    """A stratified random sample of judged rows for a labelling round, the same for every annotator.

    Strata are the combinations of the ``by`` columns; each gets a share of ``size`` proportional to
    its rows, at least one while ``size`` allows. Rows are put in a fixed order (system, task, seed)
    before drawing, so the sample depends only on the rows, ``size`` and ``seed``.

    Returns:
        The sampled rows of ``frame`` (``model_error`` rows left out, index kept), in that order.

    Raises:
        ValueError: ``size`` is negative or a ``by`` column is missing.
    """
    if size < 0:
        raise ValueError(f"a sample size must not be negative, got {size}")
    missing = [column for column in by if column not in frame.columns]
    if missing:
        raise ValueError(f"cannot stratify by {', '.join(missing)}: no such column")
    rows = frame[frame["judged"]] if "judged" in frame.columns else frame
    order = rows.assign(_key=item_keys(rows)).sort_values("_key", kind="stable")
    strata = [group for _, group in order.groupby([order[c].astype(str) for c in by], sort=True)] if by else [order]
    counts = _allocate([len(group) for group in strata], size)
    rng = np.random.default_rng(seed)
    chosen = []
    for group, count in zip(strata, counts):
        picks = np.sort(rng.permutation(len(group))[:count])
        chosen.append(group.iloc[picks])
    if not chosen:
        return frame.iloc[0:0]
    sample = pd.concat(chosen).sort_values("_key", kind="stable")
    return sample.drop(columns="_key")


def sample_digest(sample: pd.DataFrame) -> str:
    """A short fingerprint of the rows of a sample: annotators with the same one label the same rows."""
    keys = "\n".join(sorted(item_keys(sample)))
    return hashlib.sha256(keys.encode("utf-8")).hexdigest()[:12]


# -- what the labels say ----------------------------------------------------------------


def _majority(values: Iterable[Any]) -> Any:
    """The most frequent non-missing value, or ``None`` when there is none or a tie for first place."""
    counts = Counter(value for value in values if isinstance(value, str) and value)
    if not counts:
        return None
    ranked = counts.most_common()
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def consensus_labels(annotations: Any) -> pd.DataFrame:
    """Per labelled row, what most annotators say.

    Returns:
        One row per labelled row: ``system``, ``task_id``, ``seed``, ``model``, ``outcome``,
        ``auto_category``, ``annotators`` (how many labelled it), ``verdict`` and ``category`` (the
        majority; ``None`` on a tie or when nobody gave one).
    """
    labels = read_annotations(annotations)
    columns = [*ITEM, "model", "outcome", "auto_category", "annotators", "verdict", "category"]
    if labels.empty:
        return pd.DataFrame(columns=columns)
    records = []
    for _, group in labels.groupby(item_keys(labels), sort=False):
        first = group.iloc[-1]
        records.append(
            {
                "system": first["system"],
                "task_id": first["task_id"],
                "seed": first["seed"],
                "model": first["model"],
                "outcome": first["outcome"],
                "auto_category": first["auto_category"],
                "annotators": group["annotator"].nunique(),
                "verdict": _majority(group["verdict"]),
                "category": _majority(group["category"]),
            }
        )
    table = pd.DataFrame.from_records(records, columns=columns)
    table["seed"] = table["seed"].astype("Int64")
    for column in ("verdict", "category"):  # (pandas reads a missing majority as NaN: keep None)
        table[column] = table[column].astype("object").where(table[column].notna(), None)
    return table


def taxonomy_labels(annotations: Any) -> pd.DataFrame:
    """The majority categories as labels for :func:`~aspera_workbench.analysis.taxonomy.apply_labels`
    (``task_id``, ``label``, ``system``, ``seed`` as text).
    """
    consensus = consensus_labels(annotations)
    consensus = consensus[consensus["category"].notna()]
    seeds = consensus["seed"].astype("object").map(lambda s: "" if pd.isna(s) else str(int(s)))
    return pd.DataFrame(
        {
            "task_id": consensus["task_id"].astype(str),
            "label": consensus["category"].astype(str),
            "system": consensus["system"].astype(str),
            "seed": seeds,
        }
    ).reset_index(drop=True)


def labelled_taxonomy(annotations: Any) -> pd.DataFrame:
    """The error categories people gave, per system.

    Returns:
        One row per system and category (in the taxonomy's order): ``rows`` (rows whose majority
        category it is), ``labelled`` (the system's rows with a majority category: the denominator),
        ``share (%)`` and ``automatic agrees`` (of those rows, how many the automatic rules put in
        the same category).
    """
    consensus = consensus_labels(annotations)
    consensus = consensus[consensus["category"].notna()]
    columns = ["system", "category", "rows", "labelled", "share (%)", "automatic agrees"]
    if consensus.empty:
        return pd.DataFrame(columns=columns)
    consensus = consensus.assign(agrees=consensus["category"] == consensus["auto_category"])
    table = (
        consensus.groupby(["system", "category"], sort=False)
        .agg(rows=("task_id", "size"), **{"automatic agrees": ("agrees", "sum")})
        .reset_index()
    )
    totals = consensus.groupby("system").size().rename("labelled")
    table = table.merge(totals, left_on="system", right_index=True)
    table["share (%)"] = 100 * table["rows"] / table["labelled"]
    order = {name: index for index, name in enumerate(CATEGORIES)}
    systems = {name: index for index, name in enumerate(dict.fromkeys(consensus["system"]))}
    table = table.sort_values(
        ["system", "category"],
        key=lambda c: c.map(systems) if c.name == "system" else c.map(lambda v: order.get(v, len(order))),
        kind="stable",
    )
    table["automatic agrees"] = table["automatic agrees"].astype(int)
    return table[columns].reset_index(drop=True)
