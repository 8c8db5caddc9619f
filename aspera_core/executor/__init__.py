"""Evaluating candidate programs on tasks: the protocol, the verdicts and the sandbox.

Example::

    from aspera_core.executor import Job, Sandbox, SandboxConfig

    with Sandbox(SandboxConfig(workers=2, timeout_s=10)) as sandbox:
        verdict = sandbox.evaluate(task, task.program)
        print(verdict.outcome, verdict.message)

Modules, in the order a program meets them: ``sandbox`` (the public API),
``server`` (the fork server), ``worker`` (one process per evaluation),
``confine`` (kernel layers), ``guard`` (the audit hook), ``harness`` (the
protocol, in-process), ``namespaces``, ``integrity`` (tampering), ``classify``
(outcome of an exception) and ``reports`` (report lines to verdicts).
Outcomes and verdicts live in :mod:`aspera_core.outcomes`; both are re-exported here.
"""

from aspera_core.executor.classify import classify, error_type_name
from aspera_core.executor.guard import SandboxViolation
from aspera_core.executor.harness import Evaluator, TaskTimeout, evaluate_program
from aspera_core.executor.sandbox import Job, Sandbox, SandboxConfig, default_workers
from aspera_core.outcomes import Outcome, PairResult, Verdict, combine_pairs
from aspera_core.program_entry import function_name, solution_name

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
