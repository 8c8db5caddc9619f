"""A task as it is evaluated in the control setting, for an unchanged executor (docs/control.md, "Evaluation").

:func:`control_task` gives the task no apps, so the candidate sees the standard
library and nothing of the assistant library; each setup program (SIP) starts
with the harness imports of the original scenario, and each evaluation program
(EP) with a small EP of its own (the protocol calls the first function a
source defines) that calls the original unchanged, with ``executable``
wrapped by :func:`~aspera_workbench.control.wrap.wrap_control_program`. A
:class:`~aspera_workbench.control.surface.ControlWorldError` is therefore
reported with origin ``"evaluation"``; its outcome is ``execution_error`` all
the same, as for any exception that is not a check failure.
"""

from __future__ import annotations

from typing import Any, TypeVar

from aspera_core.executor import SandboxConfig, evaluation_imports
from aspera_core.tasks import function_name

#: The setting recorded in the rows of agents that write control programs; the
#: runner evaluates their programs through :func:`control_task`.
CONTROL_SETTING = "control"

#: Where the control world's value classes live: they cross between the judge and the candidate as themselves.
CONTROL_VALUE_MODULES = ("aspera_workbench.control.surface",)


def control_sandbox_config(config: SandboxConfig) -> SandboxConfig:
    """``config`` for a sandbox that evaluates control tasks (their EP hands the program a control world)."""
    return config.registering(CONTROL_VALUE_MODULES)


#: Name of the EP that every control task's evaluation programs start with.
CONTROL_EVALUATION = "evaluate_in_control_world"

_EVALUATION_WRAPPER = '''\
def {wrapper}(query, executable, setup_function):
    """Run the evaluation program below with the candidate running in the control world."""
    from aspera_workbench.control.wrap import wrap_control_program

    return {original}(
        query=query,
        executable=wrap_control_program(executable),
        setup_function=setup_function,
    )


'''

T = TypeVar("T")


def control_evaluation_program(evaluation_program: str) -> str:
    """The wrapping EP followed by ``evaluation_program``, which then judges a control program.

    A task's EPs define a function (the task's validation says so); one that
    is already wrapped raises ``ValueError``.
    """
    original = function_name(evaluation_program)
    if original == CONTROL_EVALUATION:
        raise ValueError(f"the evaluation program is already wrapped ({CONTROL_EVALUATION})")
    return _EVALUATION_WRAPPER.format(wrapper=CONTROL_EVALUATION, original=original) + evaluation_program


def control_task(task: T, program: str | None = None) -> T:
    """A copy of a task with no apps, wrapped SIPs and EPs (``ValueError`` if it is already a control task).

    Each SIP gets the harness imports of the original scenario first.
    ``program``, if given, replaces the library reference program. Only
    evaluation reads the copy: it is not validated again (a scenario without
    apps is not a valid task record) and should not be written to a task set.
    """
    scenario = task.scenario  # type: ignore[attr-defined]
    imports = evaluation_imports(scenario)
    update: dict[str, Any] = {
        "scenario": scenario.model_copy(update={"apps": []}),
        "state_generation_programs": [f"{imports}\n\n{sip}" for sip in task.state_generation_programs],  # type: ignore[attr-defined]
        "evaluation_programs": [control_evaluation_program(ep) for ep in task.evaluation_programs],  # type: ignore[attr-defined]
    }
    if program is not None:
        update["program"] = program
    return task.model_copy(update=update)  # type: ignore[attr-defined]
