"""Which tasks each system was judged on, so that tables never compare rates over different task selections unsaid.

When selections differ, tables carry a ``task selection`` column (``A (84 tasks)``, ``B (10
tasks)``) and a :class:`TaskSelectionWarning` says which systems share one and how many tasks
all have in common.
"""

from __future__ import annotations

import string
import warnings

import pandas as pd

#: The column added to a table whose systems were judged on different task selections.
SELECTION_COLUMN = "task selection"


class TaskSelectionWarning(UserWarning):
    """A table puts side by side systems judged on different task selections."""


def task_selections(frame: pd.DataFrame) -> dict[str, str]:
    """Each system's task selection (every row counts, model errors too), labelled ``A (84 tasks)``,
    ``B (10 tasks)``, ... largest first; empty when every system has the same tasks.
    """
    chosen = {system: frozenset(rows["task_id"]) for system, rows in frame.groupby("system", observed=True, sort=False)}
    distinct = sorted(set(chosen.values()), key=lambda tasks: (-len(tasks), sorted(tasks)))
    if len(distinct) < 2:
        return {}
    names = {
        tasks: f"{_letter(index)} ({len(tasks)} task{'s' if len(tasks) != 1 else ''})"
        for index, tasks in enumerate(distinct)
    }
    return {system: names[tasks] for system, tasks in chosen.items()}


def _letter(index: int) -> str:
    letters = string.ascii_uppercase
    return letters[index] if index < len(letters) else f"S{index + 1}"


def flag_task_selections(table: pd.DataFrame, frame: pd.DataFrame) -> pd.DataFrame:
    """Add the ``task selection`` column to a table indexed by system (in place), and warn, when selections differ."""
    labels = task_selections(frame)
    if not labels:
        return table
    table[SELECTION_COLUMN] = [labels.get(system, "") for system in table.index]
    common = set.intersection(*(set(rows["task_id"]) for _, rows in frame.groupby("system", observed=True)))
    groups: dict[str, list[str]] = {}
    for system, label in labels.items():
        groups.setdefault(label, []).append(str(system))
    described = "; ".join(f"{label}: {', '.join(systems)}" for label, systems in groups.items())
    warnings.warn(
        f"the systems were judged on different task selections ({described}); "
        f"their rates have other denominators: compare them on the {len(common)} in common",
        TaskSelectionWarning,
        stacklevel=3,
    )
    return table
