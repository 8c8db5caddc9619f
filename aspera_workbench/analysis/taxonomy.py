"""An automatic error taxonomy: why each program failed, from its outcome, the origin and type of the exception.

The category is decided, in order, by:

1. the outcome, where it says enough on its own (success, a wrong effect or
   answer, an unwarranted hand-back, a syntax error, no program found, a
   timeout, a resource limit, no program from the model);
2. for execution errors, a control world that cannot be saved (a control
   program's own failure, though it is raised where the evaluation program
   calls the program), then where the deciding exception came from: the
   candidate program, or the task's own setup/evaluation programs or the
   harness (which points at the task, not the program), or a worker that died;
   an evaluation program that failed using the program's return value is the
   program's doing when the evidence says so: a ``TypeError`` or
   ``AttributeError`` about ``'NoneType'`` where the program returned ``None``
   (see :func:`error_category`);
3. for the program's own exceptions, the exception's class (short name):
   unknown names and attributes (an invented API), wrong argument types or
   invalid objects for library calls, a library search or parse that found
   nothing, an operation the sandbox refused, or any other run-time error.

Human labels, where someone has read the failure (a CSV, or the failure
explorer's annotation files), replace the automatic category: see
:func:`apply_labels` and :func:`read_labels`.
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


def _short(error_type: str | None) -> str:
    return (error_type or "").rsplit(".", 1)[-1]


def error_category(
    outcome: str,
    origin: str | None = None,
    error_type: str | None = None,
    message: str | None = None,
    returned_none: bool = False,
) -> str:
    """The automatic category of one verdict (see the module docstring for the rules).

    An exception of the evaluation program is the task's, except when the
    evaluation program used what the program returned and the program
    returned ``None``: all of ``origin`` ``evaluation``, a ``TypeError`` or
    ``AttributeError`` whose message names ``'NoneType'``, and
    ``returned_none`` make it "wrong effect or answer", the program's doing.

    Args:
        outcome: The outcome name (``"execution_error"``, ...).
        origin: Where the deciding exception came from (``program``, ``setup``,
            ``evaluation``, ``harness``, ``worker``), if known.
        error_type: Qualified class name of that exception, if any.
        message: That exception's message, if any.
        returned_none: The program's call in the deciding pair returned ``None``
            (as :func:`~aspera_workbench.analysis.frames.runs_frame`'s ``returned_none``).

    Returns:
        One of the keys of :data:`CATEGORIES`.

    Raises:
        ValueError: ``outcome`` is not an outcome name.
    """
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
    """Add the error category of every row of a runs frame.

    Args:
        frame: A runs frame.
        labels: Human labels (see :func:`apply_labels`), or ``None``.

    Returns:
        A copy of ``frame`` with ``auto_category`` (the rule-based category),
        ``category`` (the human label where one exists, else the automatic
        one; an ordered categorical) and ``labelled`` (a human label was used).
    """
    table = frame.copy()
    returned_none = table["returned_none"] if "returned_none" in table else [False] * len(table)
    table["auto_category"] = [
        error_category(str(outcome), origin, error_type, message if isinstance(message, str) else None, bool(none))
        for outcome, origin, error_type, message, none in zip(
            table["outcome"], table["origin"], table["error_type"], table["message"], returned_none
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
    """Read human error labels: a CSV file, or annotators' label files from the failure explorer.

    Args:
        path: A CSV with columns ``task_id`` and ``label``, and optionally
            ``system`` and ``seed`` to narrow a label to one system or seed;
            or an annotator's ``.jsonl`` file, or a folder of them
            (:mod:`aspera_workbench.analysis.annotation`), whose category most
            annotators chose for a row becomes that row's label.

    Returns:
        The labels as a frame (``task_id``, ``label``, and for annotation
        files ``system`` and ``seed``; all as text).

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

    A label applies to every row of its task, or only to rows of its
    ``system`` and/or ``seed`` when those columns are given and not empty.
    Empty labels are ignored; when several labels match a row, the last wins.

    Args:
        frame: A frame from :func:`error_taxonomy` (with ``category``).
        labels: A frame or a CSV path (see :func:`read_labels`).

    Returns:
        A copy with ``category`` and ``labelled`` updated.
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

    Args:
        frame: A frame from :func:`error_taxonomy`.

    Returns:
        One row per system and category that occurs, with ``system``,
        ``category``, ``count``, ``failures`` (the system's judged failures,
        the denominator) and ``share of failures (%)``. A system with judged
        programs but no failure gets one row, category ``no failure``, count
        and failures 0 and no share, so the table lists the systems the error
        figure shows.
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
    """The exception types behind each system's failures, most frequent first, with an example message.

    Args:
        frame: A frame from :func:`error_taxonomy`.
        examples: Example messages kept per row (the first ones met).

    Returns:
        ``system``, ``category``, ``exception`` (short class name, empty for
        failures without one), ``count`` and ``example`` (a message, shortened
        to one line of at most 120 characters).
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
