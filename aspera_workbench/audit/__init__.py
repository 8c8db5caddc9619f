"""Auditing evaluation programs: do they accept every correct program and reject every wrong one?

For each task the audit runs the reference program, the ``noop`` and
``handback`` baselines, generated variants of the reference program
(:mod:`aspera_workbench.variants`: rewrites that must pass, mutants that must fail),
the task set's hand-written wrong programs and users' alternative solutions
through the task's evaluation programs in the sandbox, and reports the
false-rejection and false-acceptance rates by variant kind, with denominators.
A mutant that was accepted only counts against the evaluation program if it
changed the world, the answer or the exception compared with the reference
program (see :mod:`aspera_workbench.audit.observe`).

Typical use::

    from aspera_workbench.audit import AuditConfig, audit_tasks, format_report
    from aspera_core.executor import Sandbox
    from aspera_core.tasks import load_tasks

    with Sandbox() as sandbox:
        report = audit_tasks(load_tasks("data/aspera_workbench_v1"), sandbox, AuditConfig(per_kind=2))
    print(format_report(report))
    report.write("audit.json")

In a notebook, :func:`variant_table`, :func:`kind_table`, :func:`kind_task_table`
(the kind table split by task, for intervals clustered by task), :func:`task_table`
and :func:`weakest_table` turn an audit (or its JSON file) into DataFrames.
"""

from aspera_workbench.audit.audit_engine import AuditConfig, audit_tasks, behaviours, judge
from aspera_workbench.audit.audit_programs import (
    Alternative,
    AlternativesError,
    Candidate,
    candidates,
    load_alternatives,
    read_alternatives,
)
from aspera_workbench.audit.audit_tables import kind_table, kind_task_table, task_table, variant_table, weakest_table
from aspera_workbench.audit.observe import (
    IdNumbering,
    Observation,
    canonical_value,
    idle_observation,
    row_text,
    world_change,
)
from aspera_workbench.audit.report import (
    FALSE_ACCEPTANCE,
    FALSE_REJECTION,
    STATUSES,
    AuditFileError,
    AuditReport,
    KindRow,
    Rate,
    TaskAudit,
    VariantResult,
    audit_file_problem,
    format_report,
    read_audit,
)

__all__ = [
    "FALSE_ACCEPTANCE",
    "FALSE_REJECTION",
    "STATUSES",
    "Alternative",
    "AlternativesError",
    "AuditConfig",
    "AuditFileError",
    "AuditReport",
    "Candidate",
    "KindRow",
    "IdNumbering",
    "Observation",
    "canonical_value",
    "row_text",
    "world_change",
    "Rate",
    "TaskAudit",
    "VariantResult",
    "audit_file_problem",
    "audit_tasks",
    "behaviours",
    "candidates",
    "format_report",
    "idle_observation",
    "judge",
    "kind_table",
    "kind_task_table",
    "load_alternatives",
    "read_alternatives",
    "read_audit",
    "task_table",
    "variant_table",
    "weakest_table",
]
