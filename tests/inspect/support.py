"""A scripted model for the inspect bridge's tests: its answer depends only on the request's text.

The same policy answers inspect's ``mockllm`` provider (through ``custom_outputs``)
and the scripted OpenAI-compatible server, so two runs made different ways but
sending the same prompts get the same answers whatever order the requests come in.

The policy, by the task the request is about (found by its query in the prompt):

* a selection request (one library module shown) is answered with imports of the
  reference program's primitives of that module for tasks whose id is even,
  and with ``None`` (nothing selected) for the others;
* a program request is answered, by the task id modulo 4, with the reference
  program (0), a program that does nothing (1), a program that raises (2), or
  prose without code (3).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from aspera_core.tasks import Task, open_task_set
from aspera_workbench.agents.agent_prompts import reference_primitives
from aspera_workbench.control.control_programs import load_control_programs
from aspera_workbench.surface.primitives import module_primitives

ROOT = Path(__file__).resolve().parents[2]
EMBEDDED = ROOT / "data" / "aspera_workbench_v1"
MINI_RELEASE = ROOT / "tests" / "fixtures" / "mini_release"
_MODULE = re.compile(r"```python\n# (\w+)\.py\n")


@cache
def embedded_tasks() -> tuple[Task, ...]:
    return open_task_set(EMBEDDED).tasks


@cache
def control_programs() -> dict[str, str]:
    return load_control_programs(EMBEDDED / "control")[0]


def _task_of(text: str) -> Task | None:
    """The task whose query ends the prompt (the longest query found, so no query is mistaken for a part)."""
    found = [task for task in embedded_tasks() if f"Query: {task.query}" in text]
    return max(found, key=lambda task: len(task.query)) if found else None


def kind_of(task: Task) -> str:
    """What the scripted model answers for this task's program request."""
    return ("reference", "noop", "raises", "prose")[int(task.query_id) % 4]


def _program_answer(task: Task, control: bool) -> str:
    kind = kind_of(task)
    argument = "world" if control else ""
    if kind == "reference":
        program = control_programs()[task.query_id] if control else task.program
        return f"Here it is:\n```python\n{program}\n```\n"
    if kind == "noop":
        return f"```python\ndef solve({argument}):\n    return None\n```\n"
    if kind == "raises":
        return f"```python\ndef solve({argument}):\n    raise ValueError('scripted failure')\n```\n"
    return "I would rather not write this program."


def answer(text: str, control: bool = False) -> str:
    """The scripted answer to a request whose messages, joined, are ``text``."""
    task = _task_of(text)
    if task is None:
        return "None"
    module = _MODULE.search(text)
    if "You are choosing tools" in text and module is not None:
        names = [name for name in reference_primitives(task) if name in module_primitives(module.group(1))]
        if int(task.query_id) % 2 or not names:
            return "None"
        return f"```python\nfrom {module.group(1)} import {', '.join(names)}\n```"
    return _program_answer(task, control)
