"""The rows the failure explorer lists, and its filters, as plain functions of a frame.

Also :func:`other_task_set_files` and :func:`request_differs`, which find results that were not
produced on the task set the explorer shows them beside.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from aspera_core.records import ResultsFileWarning, read_results
from aspera_core.tasks import Task, task_id_order, tasks_digest
from aspera_workbench.analysis import CATEGORIES, OUTCOME_ORDER, error_taxonomy, tasks_frame

#: Shown for a setting or seed a row does not have (built-in agents).
NONE = "none"

#: The filters, by the column they compare (as text).
FILTER_COLUMNS = {
    "model": "model_name",
    "setting": "setting_name",
    "seed": "seed_name",
    "outcome": "outcome_name",
    "category": "category_name",
    "checked": "checked_name",
}


def _text(value: Any) -> str:
    if value is None or (not isinstance(value, (list, tuple)) and pd.isna(value)):
        return NONE
    return str(value)


def explorer_frame(runs: pd.DataFrame, tasks: Iterable[Task] = ()) -> pd.DataFrame:
    """A copy of a runs frame with what the explorer filters on, ordered by system, task id and seed (index 0, 1...).

    Adds the automatic error category, ``task_complexity`` (of the task's reference program in
    ``tasks``) and the text columns the filters compare (:data:`FILTER_COLUMNS`; ``"none"`` for a
    missing setting or seed; ``model_name`` is the agent for built-in agents; ``checked_name`` is
    ``"unknown"`` for a row without a checked verdict).
    """
    table = error_taxonomy(runs)
    # Listed by system, then task, then seed (the results files hold rows in the order runs finished).
    order = sorted(
        range(len(table)),
        key=lambda i: (
            str(table["system"].iat[i]),
            task_id_order(str(table["task_id"].iat[i])),
            _text(table["seed"].iat[i]),
        ),
    )
    table = table.iloc[order].reset_index(drop=True)
    complexity = tasks_frame(tasks)["complexity"] if tasks else pd.Series(dtype="Int64")
    table["task_complexity"] = table["task_id"].map(complexity).astype("Int64")
    table["model_name"] = [_text(m) if _text(m) != NONE else str(a) for m, a in zip(table["model"], table["agent"])]
    table["setting_name"] = table["setting"].map(_text)
    table["seed_name"] = table["seed"].astype("object").map(_text)
    table["outcome_name"] = table["outcome"].astype(str)
    table["category_name"] = table["category"].astype(str)
    table["checked_name"] = checked_names(table)
    return table


#: The checked verdict of a row without one (a results file written before it existed, or not checked).
UNKNOWN_CHECKED = "unknown"


def checked_names(table: pd.DataFrame) -> list[str]:
    """Each row's checked verdict as the filter shows it, ``unknown`` where it has none (never guessed)."""
    column = table["checked_outcome"] if "checked_outcome" in table else pd.Series(None, index=table.index)
    return [UNKNOWN_CHECKED if value is None or pd.isna(value) else str(value) for value in column]


def checked_order(values: set[str]) -> list[str]:
    """Checked verdicts in the tables' order: success, the two checked failures, the evaluation program's, unknown."""
    order = ["success", "side_effect", "over_inclusive", *OUTCOME_ORDER[1:], UNKNOWN_CHECKED]
    return [value for value in order if value in values] + sorted(values - set(order))


@dataclass(frozen=True)
class RowFilter:
    """What a person chose to see; ``None`` means any value.

    ``complexity`` is ``(lowest, highest)``, both included (tasks of unknown complexity are then left
    out); ``rows`` limits to these index labels (a labelling sample).
    """

    model: str | None = None
    setting: str | None = None
    seed: str | None = None
    outcome: str | None = None
    category: str | None = None
    checked: str | None = None
    tag: str | None = None
    complexity: tuple[int, int] | None = None
    rows: frozenset[Any] | None = None


def filter_rows(frame: pd.DataFrame, chosen: RowFilter) -> pd.DataFrame:
    """The rows of an :func:`explorer_frame` that pass every filter chosen, in the frame's order."""
    keep = pd.Series(True, index=frame.index)
    for name, column in FILTER_COLUMNS.items():
        value = getattr(chosen, name)
        if value is not None:
            keep &= frame[column] == value
    if chosen.tag is not None:
        keep &= frame["tags"].map(lambda tags: chosen.tag in tags)
    if chosen.complexity is not None:
        low, high = chosen.complexity
        complexity = frame["task_complexity"]
        keep &= complexity.notna() & (complexity.fillna(low - 1) >= low) & (complexity.fillna(high + 1) <= high)
    if chosen.rows is not None:
        keep &= frame.index.isin(list(chosen.rows))
    return frame[keep]


def filter_options(frame: pd.DataFrame) -> dict[str, list[str]]:
    """The values each filter offers (those in the frame): outcomes and categories in the tables' order, seeds
    numeric, the rest alphabetical, ``"none"`` last."""
    options: dict[str, list[str]] = {}
    for name, column in FILTER_COLUMNS.items():
        values = set(frame[column])
        if name == "outcome":
            ordered = [v for v in OUTCOME_ORDER if v in values]
        elif name == "category":
            ordered = [v for v in CATEGORIES if v in values] + sorted(values - set(CATEGORIES))
        elif name == "seed":
            ordered = sorted((v for v in values if v != NONE), key=int)
        elif name == "checked":
            ordered = checked_order(values)
        else:
            ordered = sorted(v for v in values if v != NONE)
        options[name] = ordered + ([NONE] if NONE in values and NONE not in ordered else [])
    options["tag"] = sorted({tag for tags in frame["tags"] for tag in tags})
    return options


def complexity_range(frame: pd.DataFrame) -> tuple[int, int] | None:
    """Lowest and highest task complexity in the frame (``None`` when none is known)."""
    known = frame["task_complexity"].dropna()
    return (int(known.min()), int(known.max())) if len(known) else None


def row_title(row: pd.Series, labelled: bool = False) -> str:
    """How a row is listed: a mark when labelled, system, task, seed, outcome and the start of the query."""
    seed = "" if row["seed_name"] == NONE else f" · seed {row['seed_name']}"
    query = " ".join(str(row["query"]).split())
    query = query if len(query) <= 70 else query[:67] + "..."
    mark = "✓ " if labelled else ""
    return f"{mark}{row['system']} · task {row['task_id']}{seed} · {row['outcome_name']}{_checked_mark(row)} · {query}"


def _checked_mark(row: pd.Series) -> str:
    """`` (checked: side_effect)`` where the checked verdict is known and not the evaluation program's outcome."""
    checked = row.get("checked_name", UNKNOWN_CHECKED)
    return "" if checked in (UNKNOWN_CHECKED, row["outcome_name"]) else f" (checked: {checked})"


def other_task_set_files(paths: Iterable[str | os.PathLike[str]], tasks: Sequence[Task]) -> list[Path]:
    """The results files that were produced on another task set than ``tasks``.

    A file belongs to ``tasks`` when its header's task-set digest is that of ``tasks``, or of the
    part of it its rows are about; a file without a header cannot be checked and is not listed.
    """
    whole = tasks_digest(tasks)
    others = []
    for path in dict.fromkeys(Path(p) for p in paths):
        with warnings.catch_warnings():  # the runs frame warned of its skipped lines already
            warnings.simplefilter("ignore", ResultsFileWarning)
            results = read_results(path)
        if results.experiment is None or results.experiment.task_set_digest == whole:
            continue
        ids = {row.task_id for row in results.rows}
        if results.experiment.task_set_digest != tasks_digest(task for task in tasks if task.query_id in ids):
            others.append(path)
    return others


def request_differs(row: pd.Series, task: Task | None) -> bool:
    """Whether a row's recorded request is not its task's in the task set (it was evaluated on another task)."""
    return task is not None and str(row["query"]) != task.query
