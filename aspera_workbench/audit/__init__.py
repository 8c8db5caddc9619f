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

from aspera_workbench.lazy import lazy_names

# name -> module that defines it, imported when first used (PEP 562): every observation run's judge imports
# :mod:`~aspera_workbench.audit.observe` afresh, and the rest of this package there cost it 50-90 ms.
_PUBLIC: dict[str, str] = {
    "AuditConfig": "aspera_workbench.audit.audit_engine",
    "audit_tasks": "aspera_workbench.audit.audit_engine",
    "behaviours": "aspera_workbench.audit.audit_engine",
    "judge": "aspera_workbench.audit.audit_engine",
    "Alternative": "aspera_workbench.audit.audit_programs",
    "AlternativesError": "aspera_workbench.audit.audit_programs",
    "Candidate": "aspera_workbench.audit.audit_programs",
    "candidates": "aspera_workbench.audit.audit_programs",
    "load_alternatives": "aspera_workbench.audit.audit_programs",
    "read_alternatives": "aspera_workbench.audit.audit_programs",
    "kind_table": "aspera_workbench.audit.audit_tables",
    "kind_task_table": "aspera_workbench.audit.audit_tables",
    "task_table": "aspera_workbench.audit.audit_tables",
    "variant_table": "aspera_workbench.audit.audit_tables",
    "weakest_table": "aspera_workbench.audit.audit_tables",
    "task_share_table": "aspera_workbench.audit.audit_tables",
    "checklist_table": "aspera_workbench.audit.audit_tables",
    "false_rejection_table": "aspera_workbench.audit.audit_tables",
    "ShortcutFinding": "aspera_workbench.audit.shortcut_check",
    "VALIDATION_PROBES": "aspera_workbench.audit.shortcut_check",
    "shortcut_findings": "aspera_workbench.audit.shortcut_check",
    "task_probes": "aspera_workbench.audit.shortcut_check",
    "IdNumbering": "aspera_workbench.audit.observe",
    "Observation": "aspera_workbench.audit.observe",
    "canonical_value": "aspera_workbench.audit.observe",
    "idle_observation": "aspera_workbench.audit.observe",
    "row_text": "aspera_workbench.audit.observe",
    "world_change": "aspera_workbench.audit.observe",
    "FALSE_ACCEPTANCE": "aspera_workbench.audit.report",
    "FALSE_REJECTION": "aspera_workbench.audit.report",
    "STATUSES": "aspera_workbench.audit.report",
    "AuditFileError": "aspera_workbench.audit.report",
    "AuditReport": "aspera_workbench.audit.report",
    "KindRow": "aspera_workbench.audit.report",
    "TaskShare": "aspera_workbench.audit.report",
    "program_diff": "aspera_workbench.audit.report",
    "proved": "aspera_workbench.audit.freedom",
    "GENERIC_SHORTCUTS": "aspera_workbench.audit.audit_engine",
    "rejecting_check": "aspera_workbench.audit.audit_engine",
    "Rate": "aspera_workbench.audit.report",
    "TaskAudit": "aspera_workbench.audit.report",
    "VariantResult": "aspera_workbench.audit.report",
    "audit_file_problem": "aspera_workbench.audit.report",
    "format_report": "aspera_workbench.audit.report",
    "read_audit": "aspera_workbench.audit.report",
}

__all__ = list(_PUBLIC)

__getattr__, __dir__ = lazy_names(__name__, _PUBLIC, globals())
