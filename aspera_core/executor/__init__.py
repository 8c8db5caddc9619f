"""Evaluating candidate programs on tasks: the protocol, the verdicts and the sandbox.

Example::

    from aspera_core.executor import Job, Sandbox, SandboxConfig

    with Sandbox(SandboxConfig(workers=2, timeout_s=10)) as sandbox:
        verdict = sandbox.evaluate(task, task.program)
        print(verdict.outcome, verdict.message)

Modules, in the order a program meets them: ``sandbox`` (the public API),
``server`` (the fork server), ``worker`` (the judge: one process per evaluation),
``candidate`` (the program's own process and the judge's end of it), ``wire``
(the canonical encoding of what crosses between them), ``confine`` (kernel
layers), ``guard`` (the audit hook), ``harness`` (the protocol), ``namespaces``,
``classify`` (outcome of an exception) and ``reports`` (report lines to verdicts).
Outcomes and verdicts live in :mod:`aspera_core.outcomes`; both are re-exported here.

Why no program can forge its verdict: the program runs in a candidate process and the evaluation program in
the judge, and only data passes between them. The candidate is forked from the judge before the judge has read
its job, and the judge is a fork of a server that never receives a task (jobs go from the evaluating process
to the worker through the slot's job file), so the candidate's memory holds no setup, evaluation or reference
program, no expectation and no report channel. Its only descriptors are two pipes carrying the exchange; it
cannot read the judge's memory (``ptrace``, ``process_vm_readv`` and pidfds are refused by seccomp; Landlock
refuses every other process's ``/proc`` entries, even to root), its files (reads are confined to Python's and
the library's code, writes to the candidate's directory), or signal it (seccomp; Landlock scopes signals). What
it sends back (world, random state, return value, exception, output) is decoded by :mod:`~aspera_core.executor.
wire`, which rebuilds only exact built-in types and the library's classes and checks the world against its
schema: a forged or malformed answer is at worst a wrong answer of the program.
"""

from aspera_core.executor.classify import classify, error_type_name
from aspera_core.executor.guard import SandboxViolation
from aspera_core.executor.harness import Evaluator, TaskTimeout, evaluate_program
from aspera_core.executor.namespaces import NamespaceTemplates, evaluation_imports
from aspera_core.executor.sandbox import Job, Sandbox, SandboxConfig, default_workers
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
]
