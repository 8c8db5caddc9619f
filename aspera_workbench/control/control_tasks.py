"""A task as it is evaluated in the control setting, for an unchanged executor.

The executor runs a candidate program in a module that first receives the
star imports of the task's apps, and hands the program's function to the
evaluation program (EP) as ``executable``. :func:`control_task` derives a task
that any executor evaluates in the control setting:

* its scenario lists no apps, so the candidate's module starts empty: the
  program sees the standard library and nothing of the assistant library;
* each setup program (SIP) starts with the import block the harness would
  have run for the original scenario, so the SIP and EP still see exactly the
  names they were written for;
* each EP starts with a small EP of its own (the protocol calls the first
  function a source defines) that calls the original EP unchanged, with
  ``executable`` replaced by :func:`~aspera_workbench.control.wrap.wrap_control_program`
  around the candidate's function.

The original EP therefore judges the control program by the same checks, in
the same world, as a library program. One difference from running the
wrapper inside the executor: the wrapper runs in the EP's frame, so a
:class:`~aspera_workbench.control.surface.ControlWorldError` (a malformed world)
is reported with origin ``"evaluation"``; its outcome is ``execution_error``
all the same, as for any exception that is not a check failure.
"""

from __future__ import annotations

import dataclasses
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
    missing = tuple(name for name in CONTROL_VALUE_MODULES if name not in config.value_modules)
    return dataclasses.replace(config, value_modules=config.value_modules + missing)


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
    """An EP that runs ``evaluation_program`` on a control program.

    Args:
        evaluation_program: the original EP's source.

    Returns:
        The source of the wrapping EP followed by the original source.

    Raises:
        ValueError: ``evaluation_program`` defines no function.
    """
    original = function_name(evaluation_program)
    if original is None:
        raise ValueError("the evaluation program defines no function")
    if original == CONTROL_EVALUATION:
        raise ValueError(f"the evaluation program is already wrapped ({CONTROL_EVALUATION})")
    return _EVALUATION_WRAPPER.format(wrapper=CONTROL_EVALUATION, original=original) + evaluation_program


def control_setup_program(setup_program: str, scenario: Any) -> str:
    """A SIP that first runs the harness imports of ``scenario`` (apps included).

    Args:
        setup_program: the original SIP's source.
        scenario: the original scenario (``apps``, ``simulation_tools``, ``evaluation_tools``).

    Returns:
        The import block, two blank lines, then the original source.
    """
    imports = evaluation_imports(scenario)
    return f"{imports}\n\n{setup_program}"


def control_task(task: T, program: str | None = None) -> T:
    """The task as evaluated in the control setting.

    Args:
        task: a task (an ``aspera_core.tasks.Task``, or any pydantic model with
            the same fields).
        program: the control reference program to store as the derived task's
            ``program`` (default: keep the library one).

    Returns:
        A copy of ``task`` with no apps, wrapped SIPs and EPs. Only evaluation
        reads it: the copy is not validated again (a scenario without apps is
        not a valid task record) and should not be written to a task set.

    Raises:
        ValueError: an evaluation program defines no function, or the task is
            already a control task.
    """
    scenario = task.scenario  # type: ignore[attr-defined]
    update: dict[str, Any] = {
        "scenario": scenario.model_copy(update={"apps": []}),
        "state_generation_programs": [
            control_setup_program(sip, scenario)
            for sip in task.state_generation_programs  # type: ignore[attr-defined]
        ],
        "evaluation_programs": [
            control_evaluation_program(ep)
            for ep in task.evaluation_programs  # type: ignore[attr-defined]
        ],
    }
    if program is not None:
        update["program"] = program
    return task.model_copy(update=update)  # type: ignore[attr-defined]
