"""An audit as pandas DataFrames, for notebooks.

Every function takes an :class:`~aspera_workbench.audit.report.AuditReport` or the
path of an audit file written by ``aspera audit --out``. pandas is imported
when a table is made, so the command line does not pay for it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from aspera_workbench.audit.report import AuditReport, Rate, read_audit

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


def _report(audit: AuditReport | str | Path) -> AuditReport:
    return audit if isinstance(audit, AuditReport) else read_audit(audit)


def variant_table(audit: AuditReport | str | Path) -> pd.DataFrame:
    """One row per program run: task, kind, origin, expected/actual verdict, status, flagged, error, description.

    Args:
        audit: The audit or its file.

    Returns:
        The table, in task order (program sources are left out; they are in the file).

    Raises:
        FileNotFoundError, AuditFileError: the file cannot be read as an audit.
    """
    import pandas as pd  # deferred: see the module docstring

    rows = [
        {
            "task_id": task.task_id,
            "kind": v.kind,
            "origin": v.origin,
            "expected": v.expected,
            "actual": v.actual,
            "outcome": v.outcome,
            "status": v.status,
            "flagged": v.flagged,
            "error": v.error,
            "equivalent": v.equivalent,
            "description": v.description,
        }
        for task in _report(audit).tasks
        for v in task.variants
    ]
    columns = ["task_id", "kind", "origin", "expected", "actual", "outcome", "status", "flagged", "error"]
    return pd.DataFrame(rows, columns=[*columns, "equivalent", "description"])


def kind_table(audit: AuditReport | str | Path) -> pd.DataFrame:
    """One row per (kind, expected verdict): judged, flagged, rate and the excluded counts by status.

    The rate is a false-rejection rate for rows whose programs must pass and a
    false-acceptance rate for rows whose programs must fail; ``judged`` is its
    denominator.

    Raises:
        FileNotFoundError, AuditFileError: the file cannot be read as an audit.
    """
    import pandas as pd  # deferred: see the module docstring

    report = _report(audit)
    rows = []
    for row in report.kinds():
        rows.append(
            {
                "kind": row.kind,
                "expected": row.expected,
                "rate_name": "false_rejection" if row.expected == "pass" else "false_acceptance",
                "flagged": row.rate.errors,
                "judged": row.rate.judged,
                "rate": row.rate.value,
                "equivalent": row.excluded.get("equivalent", 0),
                "not_equivalent": row.excluded.get("not_equivalent", 0),
                "undetermined": row.excluded.get("undetermined", 0),
            }
        )
    columns = ["kind", "expected", "rate_name", "flagged", "judged", "rate", "equivalent", "not_equivalent"]
    return pd.DataFrame(rows, columns=[*columns, "undetermined"])


def kind_task_table(audit: AuditReport | str | Path) -> pd.DataFrame:
    """One row per (kind, expected verdict, task): the kind table split by task.

    Variants of one task are judged by the same evaluation program, so their
    errors are not independent; these counts let
    :func:`aspera_workbench.analysis.audit_rates` treat the tasks as the sample.
    Summed over tasks they give :func:`kind_table`'s ``flagged`` and
    ``judged``. Programs whose verdict could not be decided are left out, as
    there; a task whose programs of a kind were all left out of the rate has
    a row with ``judged`` 0.

    Args:
        audit: The audit or its file.

    Returns:
        Columns ``kind``, ``expected``, ``task_id``, ``flagged`` and ``judged``,
        in the order of :func:`kind_table`, then in task order.

    Raises:
        FileNotFoundError, AuditFileError: the file cannot be read as an audit.
    """
    import pandas as pd  # deferred: see the module docstring

    report = _report(audit)
    rows = []
    for row in report.kinds():
        for task in report.tasks:
            results = [v for v in task.variants if v.kind == row.kind and v.expected == row.expected]
            if results:
                rate = Rate.of(results)
                rows.append(
                    {
                        "kind": row.kind,
                        "expected": row.expected,
                        "task_id": task.task_id,
                        "flagged": rate.errors,
                        "judged": rate.judged,
                    }
                )
    return pd.DataFrame(rows, columns=["kind", "expected", "task_id", "flagged", "judged"])


def task_table(audit: AuditReport | str | Path) -> pd.DataFrame:
    """One row per task: programs run, false rejections and acceptances with their denominators, excluded.

    Raises:
        FileNotFoundError, AuditFileError: the file cannot be read as an audit.
    """
    import pandas as pd  # deferred: see the module docstring

    rows = []
    for task in _report(audit).tasks:
        rejections, acceptances = task.rate("pass"), task.rate("fail")
        rows.append(
            {
                "task_id": task.task_id,
                "programs": len(task.variants),
                "false_rejections": rejections.errors,
                "must_pass_judged": rejections.judged,
                "false_acceptances": acceptances.errors,
                "must_fail_judged": acceptances.judged,
                "excluded": sum(not v.judged for v in task.variants),
                "flagged": len(task.flagged),
                "query": task.query,
            }
        )
    columns = ["task_id", "programs", "false_rejections", "must_pass_judged", "false_acceptances"]
    return pd.DataFrame(rows, columns=[*columns, "must_fail_judged", "excluded", "flagged", "query"])


def weakest_table(audit: AuditReport | str | Path, limit: int | None = None) -> pd.DataFrame:
    """The flagged programs of the weakest evaluation programs (most false acceptances first).

    Args:
        audit: The audit or its file.
        limit: At most this many tasks.

    Returns:
        One row per flagged program: task, error, kind, description, outcome, message, query.

    Raises:
        FileNotFoundError, AuditFileError: the file cannot be read as an audit.
    """
    import pandas as pd  # deferred: see the module docstring

    rows = [
        {
            "task_id": task.task_id,
            "error": v.error,
            "kind": v.kind,
            "description": v.description,
            "outcome": v.outcome,
            "message": v.message,
            "query": task.query,
        }
        for task in _report(audit).weakest(limit)
        for v in task.flagged
    ]
    return pd.DataFrame(rows, columns=["task_id", "error", "kind", "description", "outcome", "message", "query"])
