"""The control setting: the same tasks against plain standard-library data instead of the library.

A control program is one function taking the world (``def name(world): ...``);
the world is made of dicts, lists and ``datetime`` values (see
:mod:`aspera_workbench.control.surface`, whose docstrings are the documentation a
model reads). After the program runs, its changes are mapped back into the
simulated world, so each task's own evaluation program judges it unchanged.

The mapping is :func:`build_world` / :func:`save_world`; :func:`control_task`
and :func:`wrap_control_program` evaluate a control program for an unchanged
executor, whose sandbox needs :func:`control_sandbox_config` for the control
world's values; :func:`render_control_docs` is what a prompt shows of the surface
(the control examples and guidelines are prompt files in ``data/prompts``);
:func:`validate_control_with_sandbox` checks a set's control programs.
"""

from importlib import import_module
from typing import Any

# Loaded on first use: the mapping and the surface import the whole library,
# which commands that never use the control setting must not pay for.
_HOMES = {
    "render_control_docs": "control_docs",
    "Snapshot": "mapping",
    "build_world": "mapping",
    "save_world": "mapping",
    "ControlWorldError": "surface",
    "World": "surface",
    "CONTROL_SETTING": "control_tasks",
    "CONTROL_VALUE_MODULES": "control_tasks",
    "control_sandbox_config": "control_tasks",
    "control_task": "control_tasks",
    "wrap_control_program": "wrap",
    "default_control_dir": "control_programs",
    "load_control_programs": "control_programs",
    "validate_control_with_sandbox": "control_validation",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
