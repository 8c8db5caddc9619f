"""Authoring the workbench's own task set: ``code/query_<id>.py`` modules built into ``plans/``.

Research tooling, not the trusted runtime: the core loads, validates and runs
task sets; this package writes one (``aspera build-tasks ROOT``).

Example::

    from aspera_workbench.authoring import build_task_set

    tasks = build_task_set("data/aspera_workbench_v1")
"""

from aspera_workbench.authoring.build import (
    APPS,
    APPS_WITHOUT_ROOMS,
    GUIDELINES,
    PLANS_FOLDER,
    TIMESTAMP,
    build_task_set,
    load_authored_tasks,
    scenario_for,
)
from aspera_workbench.authoring.code_reader import read_code_module, read_code_query, read_code_tags

__all__ = [
    "APPS",
    "APPS_WITHOUT_ROOMS",
    "GUIDELINES",
    "PLANS_FOLDER",
    "TIMESTAMP",
    "build_task_set",
    "load_authored_tasks",
    "read_code_module",
    "read_code_query",
    "read_code_tags",
    "scenario_for",
]
