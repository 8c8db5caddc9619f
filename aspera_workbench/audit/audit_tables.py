"""An audit as pandas DataFrames, for notebooks.

Every function takes an :class:`~aspera_workbench.audit.report.AuditReport` or the
path of an audit file written by ``aspera audit --out`` (raising
``FileNotFoundError`` or ``AuditFileError`` when it cannot be read as one).
pandas is imported when a table is made, so the command line does not pay for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from aspera_workbench.audit.report import (
    STATUS_EQUIVALENT,
    STATUS_NOT_EQUIVALENT,
    STATUS_UNDETERMINED,
    AuditReport,
    Rate,
    read_audit,
)

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
