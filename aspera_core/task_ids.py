"""The one order of task ids, for every list of them the workbench prints or writes.

A plain module at the bottom of the layers: results (``records``), task sets (``tasks``) and the workbench's reports
all sort by it, so that a summary, a validation report and a task set list the same ids the same way.
"""

from __future__ import annotations


def task_id_order(task_id: str) -> tuple[int, int, str]:
    """Sort key that orders task ids as a loaded task set has them: numbers by value (``9`` before ``10``).

    Ids that are not numbers written in ASCII digits (never in a valid task set, but a results file, a broken record
    or a stray file may name one) come last, by their text.
    """
    if task_id.isascii() and task_id.isdigit():
        return (0, int(task_id), "")
    return (1, 0, task_id)
