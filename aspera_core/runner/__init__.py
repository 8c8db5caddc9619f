"""Running an agent over a task set through the sandboxed executor.

Example::

    from aspera_core.agents import ReferenceAgent
    from aspera_core.executor import SandboxConfig
    from aspera_core.runner import run_agent
    from aspera_core.tasks import load_tasks

    report = run_agent(load_tasks("data/aspera_workbench_v1"), ReferenceAgent(),
                       "runs/reference.jsonl", SandboxConfig(workers=2))
"""

from aspera_core.runner.references import ReferenceFootprints
from aspera_core.runner.run import (
    DEFAULT_CONCURRENCY,
    AgentFailed,
    RunReport,
    RunWarning,
    experiment_of,
    make_row,
    run_agent,
    select_tasks,
)

__all__ = [
    "DEFAULT_CONCURRENCY",
    "AgentFailed",
    "ReferenceFootprints",
    "RunReport",
    "RunWarning",
    "experiment_of",
    "make_row",
    "run_agent",
    "select_tasks",
]
