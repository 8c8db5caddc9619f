"""Asper-Bench inside inspect_ai: ``inspect eval aspera_workbench/asper_bench``, scored by the workbench's sandbox.

The task (:mod:`.task`, registered through inspect's entry point), its arguments
(:mod:`.benchmark`), solver, scorer and metrics, and an inspect log as a results file
(:mod:`.log_import`, ``aspera import-inspect``). docs/inspect.md maps the vocabularies.
"""

from aspera_workbench.inspect_bridge.log_import import LogImportError, import_log

__all__ = ["LogImportError", "import_log"]
