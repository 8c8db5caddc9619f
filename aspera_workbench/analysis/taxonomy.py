"""An automatic error taxonomy: why each program failed, from its outcome, the origin and type of the exception.

A failed program read from an answer the token limit cut off is put apart first, whatever its
outcome: its syntax error, missing function or wrong effect is the cut's, not the model's. Then the
category is decided, in order, by the outcome where it says enough alone; for execution
errors by a control world that cannot be saved (the program's doing), then by where the deciding
exception came from (the task's own programs, the harness or a dead worker point at the task,
not the program; but an evaluation program's ``TypeError``/``AttributeError`` about
``'NoneType'`` where the program returned ``None`` is the program's wrong answer); then by the
program's exception class. Human labels replace the automatic category (:func:`apply_labels`).
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import pandas as pd

from aspera_workbench.analysis.annotation import taxonomy_labels
from aspera_workbench.analysis.categories import CATEGORIES, NO_FAILURE

_BY_OUTCOME = {
    "success": "success",
    "task_completion_error": "wrong effect or answer",
    "handback_control": "unwarranted hand-back",
    "syntax_error": "syntax error",
    "parse_error": "no program found",
    "timeout": "timeout",
    "resource_error": "resource limit",
    "model_error": "no program from the model",
}

_UNKNOWN_NAME = {"NameError", "AttributeError", "ImportError", "ModuleNotFoundError", "UnboundLocalError"}
_WRONG_ARGUMENT = {"TypeError", "ValidationError", "PydanticCustomError"}
_LIBRARY_FAILURE = {"SearchError", "ParseError", "EventDefinitionError", "NoDataError"}
_REFUSED = {"SandboxViolation", "LibraryTampering", "PermissionError"}
_TASK_ORIGINS = {"setup", "evaluation", "harness"}
# What an evaluation program raises when it uses a return value of None as the answer it expected.
_USED_NONE = {"TypeError", "AttributeError"}
# Raised when the control world is saved, after the program returned: the program's doing.
_CONTROL_WORLD = "ControlWorldError"
#: The category of a failed program whose answer the token limit cut off.
CUT_OFF = "cut off by the token limit"
#: Outcomes that are not failures of a program the model finished (a success, no answer at all).
_NOT_CUT_FAILURES = {"success", "model_error"}


def _short(error_type: str | None) -> str:
    return (error_type or "").rsplit(".", 1)[-1]


def error_category(
    outcome: str,
    origin: str | None = None,
    error_type: str | None = None,
    message: str | None = None,
    returned_none: bool = False,
    truncated: bool = False,
) -> str:
    """The automatic category of one verdict (a key of :data:`CATEGORIES`; the rules are the module's).

    ``returned_none`` and ``truncated`` are :func:`~aspera_workbench.analysis.frames.runs_frame`'s
    columns of those names.

    Raises:
        ValueError: ``outcome`` is not an outcome name.
    """
    if truncated and outcome not in _NOT_CUT_FAILURES:
        return CUT_OFF
    if outcome in _BY_OUTCOME:
        return _BY_OUTCOME[outcome]
    if outcome != "execution_error":
        raise ValueError(f"unknown outcome {outcome!r}")
    if _short(error_type) == _CONTROL_WORLD:
        return "malformed control world"
    if origin == "evaluation" and returned_none and _short(error_type) in _USED_NONE and "NoneType" in (message or ""):
        return "wrong effect or answer"
    if origin in _TASK_ORIGINS:
        return "task's own programs failed"
    if origin == "worker":
        return "worker died"
    short = _short(error_type)
    if short in _REFUSED:
        return "refused by the sandbox"
    if short in _UNKNOWN_NAME:
        return "unknown name or attribute"
    if short in _WRONG_ARGUMENT or short.startswith("BeartypeCallHint"):
        return "wrong argument for a library call"
    if short in _LIBRARY_FAILURE:
        return "library search or parse failed"
    return "other run-time error"


def error_taxonomy(frame: pd.DataFrame, labels: pd.DataFrame | str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """A copy of a runs frame with ``auto_category`` (the rules'), ``category`` (a human label
    where one exists, else the automatic one; ordered categorical) and ``labelled``.
    """
    table = frame.copy()
    returned_none = table["returned_none"] if "returned_none" in table else [False] * len(table)
    truncated = table["truncated"] if "truncated" in table else [False] * len(table)
    table["auto_category"] = [
        error_category(str(outcome), origin, error_type, message if isinstance(message, str) else None, bool(none), cut)
        for outcome, origin, error_type, message, none, cut in zip(
            table["outcome"], table["origin"], table["error_type"], table["message"], returned_none, truncated
        )
    ]
    table["category"] = table["auto_category"]
    table["labelled"] = False
    if labels is not None:
        table = apply_labels(table, labels)
    order = list(CATEGORIES) + sorted(set(table["category"]) - set(CATEGORIES))
    table["category"] = pd.Categorical(table["category"], categories=order, ordered=True)
    return table


def read_labels(path: str | os.PathLike[str]) -> pd.DataFrame:
    """Read human error labels: a CSV, or annotators' ``.jsonl`` files (one, or a folder).

    A CSV has ``task_id`` and ``label``, optionally ``system`` and ``seed`` to narrow a label; of
    annotation files the category most annotators chose for a row is its label. Everything as text.

    Raises:
        FileNotFoundError: the file or folder does not exist.
        ValueError: a required CSV column is missing, or an annotation file is unreadable.
    """
    path = Path(path)
    if path.is_dir() or path.suffix == ".jsonl":
        if not path.exists():
            raise FileNotFoundError(f"{path} does not exist")
        return taxonomy_labels(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path} does not exist")
    labels = pd.read_csv(path, dtype=str, keep_default_na=False)
    missing = {"task_id", "label"} - set(labels.columns)
    if missing:
        raise ValueError(f"{path}: labels need the columns task_id and label; missing: {', '.join(sorted(missing))}")
    return labels


def apply_labels(frame: pd.DataFrame, labels: pd.DataFrame | str | os.PathLike[str]) -> pd.DataFrame:
    """Replace automatic categories by human labels where they exist.

    A label applies to every row of its task, or only to rows of its ``system`` and/or ``seed`` when
    given; empty labels are ignored; when several match a row, the last wins.
    """
    table = frame.copy()
    given = read_labels(labels) if not isinstance(labels, pd.DataFrame) else labels.astype(str)
    categories = table["category"].astype(str).to_numpy(copy=True)
    labelled = table["labelled"].to_numpy(copy=True)
    task_ids = table["task_id"].astype(str).to_numpy()
    systems = table["system"].astype(str).to_numpy()
    seeds = table["seed"].astype("object").map(lambda s: "" if pd.isna(s) else str(s)).to_numpy()
    for _, label in given.iterrows():
        text = str(label["label"]).strip()
        if not text or text == "nan":
            continue
        match = task_ids == str(label["task_id"]).strip()
        system = str(label.get("system", "") or "").strip()
        if system and system != "nan":
            match &= systems == system
        seed = str(label.get("seed", "") or "").strip()
        if seed and seed != "nan":
            match &= seeds == seed
        categories[match] = text
        labelled[match] = True
    table["category"] = categories
    table["labelled"] = labelled
    return table


def taxonomy_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Counts and shares of error categories per system (judged failures only).

    Returns:
        ``system``, ``category``, ``count``, ``failures`` (the system's judged failures: the
        denominator) and ``share of failures (%)``; a system without failure gets one ``no failure``
        row with no share, so the table lists the systems the error figure shows.
    """
    judged = frame[frame["judged"]]
    failures = judged[~judged["success"]]
    counts = failures.groupby(["system", "category"], observed=True).size().rename("count").reset_index()
    counts = counts[counts["count"] > 0]
    totals = failures.groupby("system", observed=True).size().rename("failures")
    counts = counts.merge(totals, left_on="system", right_index=True)
    counts["share of failures (%)"] = 100 * counts["count"] / counts["failures"]
    flawless = [s for s in dict.fromkeys(judged["system"]) if s not in set(failures["system"])]
    if flawless:
        none = pd.DataFrame({"system": flawless, "category": NO_FAILURE, "count": 0, "failures": 0})
        none["share of failures (%)"] = math.nan
        counts = pd.concat([counts.astype({"system": str, "category": str}), none], ignore_index=True)
    order = {system: position for position, system in enumerate(frame["system"].cat.categories)}
    counts = counts.sort_values("system", key=lambda column: column.map(order), kind="stable")
    return counts.reset_index(drop=True)


def exception_table(frame: pd.DataFrame, examples: int = 1) -> pd.DataFrame:
    """The exception types behind each system's failures, most frequent first, with example messages.

    Returns:
        ``system``, ``category``, ``exception`` (short class name), ``count`` and ``example`` (the
        first ``examples`` messages, each one line of at most 120 characters).
    """
    failures = frame[frame["judged"] & ~frame["success"]].copy()
    columns = ["system", "category", "exception", "count", "example"]
    if failures.empty:
        return pd.DataFrame(columns=columns)
    failures["exception"] = failures["error_type"].map(lambda t: _short(t) if isinstance(t, str) else "")
    failures["example"] = failures["message"].map(
        lambda m: " ".join(str(m).split())[:120] if isinstance(m, str) and m else ""
    )
    grouped = failures.groupby(["system", "category", "exception"], observed=True, sort=False)
    table = grouped.agg(
        count=("task_id", "size"),
        example=("example", lambda values: " | ".join([v for v in values if v][:examples])),
    ).reset_index()
    table = table[table["count"] > 0]
    return table.sort_values(["system", "count"], ascending=[True, False], kind="stable").reset_index(drop=True)[
        columns
    ]
