"""Readable ``code/query_<id>.py`` modules (format A.7), as :func:`~aspera_core.tasks.write_tasks` writes them.

A code module shows one task as a runnable Python file: the star-import header
the harness would provide, a ``#OK:`` marker and a ``# <query>`` comment above
the reference AEP, a ``#OK:`` marker above each SIP, each EP, and an entry point
that runs every EP on the reference AEP in a fresh world. Reading modules back
is authoring, not the runtime's business (:mod:`aspera_workbench.authoring`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aspera_core.tasks.task import function_name

if TYPE_CHECKING:
    from aspera_core.tasks.task import Task

_APP_PACKAGE = "aspera.apps_implementation"
_SETUP_TOOL_PACKAGE = "aspera.runtime_state_generation_tools_implementation"
_CHECK_TOOL_PACKAGE = "aspera.execution_evaluation_tools_implementation"


def _tool_modules(tools: list[str] | None) -> list[str]:
    """Distinct modules of ``module::function`` references, first seen first."""
    modules: list[str] = []
    for tool in tools or []:
        module = tool.split("::", 1)[0]
        if module not in modules:
            modules.append(module)
    return modules


def _with_newline(program: str) -> str:
    return program if program.endswith("\n") else program + "\n"


def render_code_module(task: Task) -> str:
    """Render a task as a readable, runnable module in the A.7 layout.

    Args:
        task: The task.

    Returns:
        The module text, ending with a newline.
    """
    scenario = task.scenario
    header = [f"from {_APP_PACKAGE}.{app} import *" for app in scenario.apps]
    header += [f"from {_SETUP_TOOL_PACKAGE}.{module} import *" for module in _tool_modules(scenario.simulation_tools)]
    header.append("from typing import Any, Callable")
    header += [f"from {_CHECK_TOOL_PACKAGE}.{module} import *" for module in _tool_modules(scenario.evaluation_tools)]
    blocks = [f"#OK:\n# {task.query}\n{_with_newline(task.program)}"]
    blocks += [f"#OK:\n{_with_newline(sip)}" for sip in task.state_generation_programs]
    blocks += [_with_newline(ep) for ep in task.evaluation_programs]
    blocks.append(_entry_point(task))
    return "\n".join(header) + "\n\n\n" + "\n\n".join(blocks)


def _entry_point(task: Task) -> str:
    """An entry point running each SIP/EP pair on the reference AEP.

    Pairs of a task often reuse the same function names, and in a module the
    last definition wins; each distinct name pair is run once.
    """
    runs: list[tuple[str | None, str | None]] = []
    for sip, ep in task.pairs:
        names = (function_name(sip), function_name(ep))
        if names not in runs:
            runs.append(names)
    lines = [
        "if __name__ == '__main__':",
        "    from aspera.simulation.execution_context import ExecutionContext, new_context",
    ]
    for sip_name, ep_name in runs:
        lines += [
            "",
            "    context = ExecutionContext()",
            "    with new_context(context):",
            f"        {ep_name}(",
            '            query="",',
            f"            executable={task.solution_name},",
            f"            setup_function={sip_name},",
            "        )",
        ]
    return "\n".join(lines) + "\n"
