"""Evaluating candidate programs on tasks: the protocol, the verdicts and the sandbox.

Example::

    from aspera_core.executor import Job, Sandbox, SandboxConfig

    with Sandbox(SandboxConfig(workers=2, timeout_s=10)) as sandbox:
        verdict = sandbox.evaluate(task, task.program)
        print(verdict.outcome, verdict.message)

Module map, in the order a program meets them:

* :mod:`~aspera_core.executor.sandbox`: the public :class:`Sandbox` (jobs in,
  verdicts out; ``evaluate_many`` for many programs on one task) and its
  configuration; starts the fork server and reads reports.
* :mod:`~aspera_core.executor.server`: the fork server process, which forks
  one worker per evaluation and enforces deadlines.
* :mod:`~aspera_core.executor.worker`: a worker's body: confine itself,
  evaluate, report (or, as a zygote, fork one child per program after the setup).
* :mod:`~aspera_core.executor.confine`: kernel layers (rlimits, Landlock, seccomp).
* :mod:`~aspera_core.executor.guard`: the audit hook refusing dangerous operations.
* :mod:`~aspera_core.executor.harness`: the evaluation protocol itself
  (:class:`Evaluator`, :func:`evaluate_program`: in-process, no isolation).
* :mod:`~aspera_core.executor.namespaces`: the namespaces programs run in.
* :mod:`~aspera_core.executor.integrity`: detecting a program that replaced
  library or evaluator functions.
* :mod:`~aspera_core.executor.classify`: outcome of a pair from the exception
  that ended it.
* :mod:`~aspera_core.executor.reports`: the report lines a worker writes and
  the verdict read from them.

Outcomes and verdicts are plain types of :mod:`aspera_core.outcomes`, the
function-name rule lives in :mod:`aspera_core.programs`; both are re-exported here.
"""

from aspera_core.executor.classify import classify, error_type_name
from aspera_core.executor.guard import SandboxViolation
from aspera_core.executor.harness import Evaluator, TaskTimeout, evaluate_program
from aspera_core.executor.sandbox import Job, Sandbox, SandboxConfig, default_workers
from aspera_core.outcomes import Outcome, PairResult, Verdict, combine_pairs
from aspera_core.programs import function_name, solution_name

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
