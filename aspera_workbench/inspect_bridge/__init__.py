"""Asper-Bench inside inspect_ai: ``inspect eval aspera_workbench/asper_bench``, scored by the workbench's sandbox.

* :mod:`~aspera_workbench.inspect_bridge.benchmark`: the task arguments, the task set
  and what makes a run the same experiment as ``aspera run``;
* :mod:`~aspera_workbench.inspect_bridge.solver`: the cck, ps and control prompts,
  sent through whichever model inspect was given, and the answer parsed;
* :mod:`~aspera_workbench.inspect_bridge.scorer`: the sandbox's verdict as a score
  (``C`` or ``I``) with the outcome, the error, the pairs and the world changes;
* :mod:`~aspera_workbench.inspect_bridge.metrics`: the outcome shares and the mean selection F1;
* :mod:`~aspera_workbench.inspect_bridge.task`: the inspect task itself (registered
  through inspect's ``inspect_ai`` entry point);
* :mod:`~aspera_workbench.inspect_bridge.log_import`: an inspect log as a results file
  (``aspera import-inspect``).

docs/inspect.md maps inspect's vocabulary (epochs, scores, samples) to the workbench's.
"""

from aspera_workbench.inspect_bridge.log_import import LogImportError, import_log

__all__ = ["LogImportError", "import_log"]
