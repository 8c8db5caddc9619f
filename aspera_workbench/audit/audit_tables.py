"""An audit as pandas DataFrames, for notebooks.

Every function takes an :class:`~aspera_workbench.audit.report.AuditReport` or the
path of an audit file written by ``aspera audit --out`` (raising
``FileNotFoundError`` or ``AuditFileError`` when it cannot be read as one).
pandas is imported when a table is made, so the command line does not pay for it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from aspera_core.wilson import wilson_interval
from aspera_workbench.audit.report import (
    FALSE_ACCEPTANCE,
    FALSE_REJECTION,
    STATUS_EQUIVALENT,
    STATUS_NOT_EQUIVALENT,
    STATUS_UNDETERMINED,
    AuditReport,
    Rate,
    read_audit,
)
from aspera_workbench.variants import CHECKLIST_ITEMS

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

Audit = AuditReport | str | Path


def _report(audit: Audit) -> AuditReport:
    return audit if isinstance(audit, AuditReport) else read_audit(audit)


def _frame(rows: Iterable[Sequence[object]], columns: Sequence[str]) -> pd.DataFrame:
    import pandas as pd  # deferred: see the module docstring

    return pd.DataFrame(list(rows), columns=list(columns))


def variant_table(audit: Audit) -> pd.DataFrame:
    """One row per program run, in task order: task, kind, origin, verdicts, status, flagged, error, description.

    Program sources are left out; they are in the file.
    """
    columns = (
        "kind",
        "origin",
        "expected",
        "actual",
        "outcome",
        "status",
        "flagged",
        "error",
        "equivalent",
        "description",
    )
    rows = [(task.task_id, *(getattr(v, c) for c in columns)) for task in _report(audit).tasks for v in task.variants]
    return _frame(rows, ("task_id", *columns))


def kind_table(audit: Audit) -> pd.DataFrame:
    """One row per (kind, expected verdict): flagged, judged, rate and the excluded counts by status.

    The rate is a false-rejection rate for rows whose programs must pass and a
    false-acceptance rate for rows whose programs must fail; ``judged`` is its
    denominator.
    """
    excluded = (STATUS_EQUIVALENT, STATUS_NOT_EQUIVALENT, STATUS_UNDETERMINED)
    rows = [
        (
            row.kind,
            row.expected,
            "false_rejection" if row.expected == "pass" else "false_acceptance",
            row.rate.errors,
            row.rate.judged,
            row.rate.value,
            *(row.excluded.get(status, 0) for status in excluded),
        )
        for row in _report(audit).kinds()
    ]
    return _frame(rows, ("kind", "expected", "rate_name", "flagged", "judged", "rate", *excluded))


def kind_task_table(audit: Audit) -> pd.DataFrame:
    """One row per (kind, expected verdict, task): the kind table split by task, in its order, then task order.

    Variants of one task are judged by the same evaluation program, so their
    errors are not independent; these counts let
    :func:`aspera_workbench.analysis.audit_rates` treat the tasks as the sample.
    A task whose programs of a kind were all left out of the rate has a row with ``judged`` 0.
    """
    report = _report(audit)
    rows = []
    for row in report.kinds():
        for task in report.tasks:
            results = [v for v in task.variants if v.kind == row.kind and v.expected == row.expected]
            if results:
                rate = Rate.of(results)
                rows.append((row.kind, row.expected, task.task_id, rate.errors, rate.judged))
    return _frame(rows, ("kind", "expected", "task_id", "flagged", "judged"))


def task_table(audit: Audit) -> pd.DataFrame:
    """One row per task: programs run, false rejections and acceptances with their denominators, excluded."""
    rows = [
        (
            task.task_id,
            len(task.variants),
            task.rate("pass").errors,
            task.rate("pass").judged,
            task.rate("fail").errors,
            task.rate("fail").judged,
            task.excluded,
            len(task.flagged),
            task.query,
        )
        for task in _report(audit).tasks
    ]
    columns = ("task_id", "programs", "false_rejections", "must_pass_judged", "false_acceptances", "must_fail_judged")
    return _frame(rows, (*columns, "excluded", "flagged", "query"))


def weakest_table(audit: Audit, limit: int | None = None) -> pd.DataFrame:
    """One row per flagged program of the ``limit`` weakest evaluation programs (most false acceptances first).

    Columns: task, error, kind, description, outcome, message, query.
    """
    rows = [
        (task.task_id, v.error, v.kind, v.description, v.outcome, v.message, task.query)
        for task in _report(audit).weakest(limit)
        for v in task.flagged
    ]
    return _frame(rows, ("task_id", "error", "kind", "description", "outcome", "message", "query"))


def task_share_table(audit: Audit) -> pd.DataFrame:
    """The share of tasks with at least one false rejection, one false acceptance, and either, with Wilson 95 %
    intervals: one row each (the denominator ``of`` is the tasks where such a program was judged)."""
    report = _report(audit)
    shares = [
        ("false rejection", report.task_share(FALSE_REJECTION)),
        ("false acceptance", report.task_share(FALSE_ACCEPTANCE)),
    ]
    either = sum(bool(task.flagged) for task in report.tasks)
    counts = [(name, share.tasks, share.of) for name, share in shares] + [("either", either, len(report.tasks))]
    rows = [(name, tasks, of, *_percent(tasks, of)) for name, tasks, of in counts]
    return _frame(rows, ("tasks_with", "tasks", "of", *_PERCENT_COLUMNS))


_PERCENT_COLUMNS = ("share (%)", "CI low (%)", "CI high (%)")


def _percent(part: int, whole: int) -> tuple[float, float, float]:
    """``part`` of ``whole`` and its Wilson 95 % interval, as percentages with one decimal (NaN over nothing)."""
    if not whole:
        return (math.nan, math.nan, math.nan)
    low, high = wilson_interval(part, whole)
    return (round(100 * part / whole, 1), round(100 * low, 1), round(100 * high, 1))


def checklist_table(audit: Audit) -> pd.DataFrame:
    """One row per checklist item some task's evaluation programs fail: the kind of error that showed it, the tasks
    failing it out of the tasks audited (with a Wilson 95 % interval) and the kinds of program that showed it."""
    report = _report(audit)
    found: dict[str, tuple[set[str], set[str], set[str]]] = {}
    for task in report.tasks:
        errors = {v.kind: str(v.error).replace("_", " ") for v in task.flagged}
        for item, kinds in task.checklist().items():
            tasks, shown, error = found.setdefault(item, (set(), set(), set()))
            tasks.add(task.task_id)
            shown.update(kinds)
            error.update(errors[kind] for kind in kinds)
    total = len(report.tasks)
    rows = []
    for item, (tasks, kinds, errors) in sorted(found.items()):
        asks, error, shown = CHECKLIST_ITEMS.get(item, ""), " and ".join(sorted(errors)), ", ".join(sorted(kinds))
        rows.append((item, asks, error, len(tasks), total, *_percent(len(tasks), total), shown))
    return _frame(rows, ("item", "asks", "error", "tasks", "of", *_PERCENT_COLUMNS, "shown_by"))


def false_rejection_table(audit: Audit, limit: int | None = None) -> pd.DataFrame:
    """One row per rejected correct program (at most ``limit``): task, kind, what it changes, the evaluation
    program's line that rejected it, the verdict, and the program beside the reference (both sources)."""
    rows = []
    for task in _report(audit).tasks:
        reference = task.variants[0].source if task.variants else ""
        for result in task.flagged:
            if result.error == FALSE_REJECTION:
                rows.append(
                    (task.task_id, result.kind, result.description, result.check, result.outcome, result.message,
                     reference, result.source)
                )  # fmt: skip
    rows = rows if limit is None else rows[:limit]
    columns = ("task_id", "kind", "description", "check", "outcome", "message", "reference", "program")
    return _frame(rows, columns)
