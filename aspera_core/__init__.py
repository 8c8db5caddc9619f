"""ASPERA core: the simulated assistant library, tasks, the sandboxed executor and the runner.

This package is the trusted, deterministic, offline part of the workbench. It
imports nothing of :mod:`aspera_workbench` (models, analysis, notebooks) and
needs none of pandas, matplotlib, openai or jupyter. Layers, each importing
only from the ones below it::

    runner           an agent over a task set, through the sandbox, into a results file
    agents           the agent protocol and the built-ins (reference, noop, handback, replay)
    executor | tasks sandboxed verdicts | the task model, the release format, validation
    compat           the release's import paths (``aspera.apps_implementation.*`` ...)
    tools            setup (SIP) and checking (EP) tools
    library          the simulated assistant library programs are written against
    world            in-memory state with a pinned clock
    records          the results-file schema, append-only writing, counting
    outcomes, program_entry, fileio, wording, release_names   plain types and helpers

Example::

    import aspera_core as core

    tasks = core.load_tasks("data/aspera_workbench_v1")
    report = core.run_agent(tasks, core.ReferenceAgent(), "runs/reference.jsonl")
    print(core.summarize(core.read_rows("runs/reference.jsonl")))
"""

from aspera_core.agents import (
    Agent,
    HandbackAgent,
    NoopAgent,
    ProgramUnavailable,
    Proposal,
    ReferenceAgent,
    ReplayAgent,
    StopRun,
)
from aspera_core.executor import Sandbox, SandboxConfig
from aspera_core.outcomes import Outcome, Verdict
from aspera_core.records import read_results, read_rows, summarize
from aspera_core.runner import RunReport, run_agent
from aspera_core.tasks import Task, TaskSet, load_tasks, open_task_set, select_tasks, validate_task_set
from aspera_core.version import __version__

__all__ = [
    "Agent",
    "HandbackAgent",
    "NoopAgent",
    "Outcome",
    "ProgramUnavailable",
    "Proposal",
    "ReferenceAgent",
    "ReplayAgent",
    "RunReport",
    "Sandbox",
    "SandboxConfig",
    "StopRun",
    "Task",
    "TaskSet",
    "Verdict",
    "__version__",
    "load_tasks",
    "open_task_set",
    "read_results",
    "read_rows",
    "run_agent",
    "select_tasks",
    "summarize",
    "validate_task_set",
]
