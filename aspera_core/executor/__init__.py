"""Evaluating candidate programs on tasks: the protocol, the verdicts and the sandbox.

Example::

    from aspera_core.executor import Sandbox, SandboxConfig

    with Sandbox(SandboxConfig(workers=2, timeout_s=10)) as sandbox:
        verdict = sandbox.evaluate(task, task.program)

A program runs in a *candidate* process and the task's setup and evaluation programs in its *judge*; only data
passes between them (``wire``), so no program can forge its verdict. Modules: ``sandbox`` (the API), ``server``
(the fork server, run by ``boot``: :func:`start_fork_server` may start it before its sandbox), ``inherited`` (what
its forks share), ``forking`` (their fork), ``worker`` (the judge), ``candidate``, ``wire``, ``confine`` (kernel
layers), ``guard`` (audit hook), ``harness`` (the protocol), ``namespaces``, ``classify`` and ``reports``;
docs/running.md tells the rest.
"""

from aspera_core.executor.classify import classify, error_type_name
from aspera_core.executor.guard import SandboxViolation
from aspera_core.executor.harness import Evaluator, TaskTimeout, evaluate_program
from aspera_core.executor.namespaces import NamespaceTemplates, evaluation_imports
from aspera_core.executor.sandbox import Job, Sandbox, SandboxConfig, StartedServer, default_workers, start_fork_server
from aspera_core.outcomes import Outcome, PairResult, Verdict, combine_pairs
from aspera_core.program_entry import function_name, solution_name

__all__ = [
    "Evaluator",
    "Job",
    "NamespaceTemplates",
    "Outcome",
    "PairResult",
    "Sandbox",
    "SandboxConfig",
    "SandboxViolation",
    "StartedServer",
    "TaskTimeout",
    "Verdict",
    "classify",
    "combine_pairs",
    "default_workers",
    "error_type_name",
    "evaluation_imports",
    "evaluate_program",
    "function_name",
    "solution_name",
    "start_fork_server",
]
