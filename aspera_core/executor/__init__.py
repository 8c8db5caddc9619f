"""Evaluating candidate programs on tasks: the protocol, the verdicts and the sandbox.

* :class:`Outcome` is the outcome vocabulary used across the workbench.
* :class:`Sandbox` evaluates untrusted programs in forked, confined worker
  processes (see :mod:`aspera_core.executor.sandbox` for what is and is not
  protected).
* :func:`evaluate_program` runs the same protocol in the current process, for
  trusted programs and debugging.

Example::

    from aspera_core.executor import Job, Sandbox, SandboxConfig

    with Sandbox(SandboxConfig(workers=2, timeout_s=10)) as sandbox:
        verdict = sandbox.evaluate(task, task.program)
        print(verdict.outcome, verdict.message)
"""

from aspera_core.executor.classify import classify, error_type_name
from aspera_core.executor.guard import SandboxViolation
from aspera_core.executor.harness import Evaluator, TaskTimeout, evaluate_program
from aspera_core.executor.sandbox import Job, Sandbox, SandboxConfig, default_workers
from aspera_core.executor.source import function_name, solution_name
from aspera_core.outcomes import Outcome, PairResult, Verdict, combine_pairs

__all__ = [
    "Evaluator",
    "Job",
    "Outcome",
    "PairResult",
    "Sandbox",
    "SandboxConfig",
    "SandboxViolation",
    "TaskTimeout",
    "Verdict",
    "classify",
    "combine_pairs",
    "default_workers",
    "error_type_name",
    "evaluate_program",
    "function_name",
    "solution_name",
]
