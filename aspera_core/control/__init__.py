"""The control setting: the same tasks against plain standard-library data instead of the library.

A control program is one function taking the world (``def name(world): ...``);
the world is made of dicts, lists and ``datetime`` values (see
:mod:`aspera_core.control.surface`, whose docstrings are the documentation a
model reads). After the program runs, its changes are mapped back into the
simulated world, so each task's own evaluation program judges it unchanged.

* :func:`build_world` / :func:`save_world`: the mapping, both ways.
* :func:`wrap_control_program`: a control program as the ``executable`` an
  evaluation program calls.
* :func:`control_task`: a task whose evaluation runs the candidate in the
  control world, for an unchanged executor.
* :func:`render_control_docs`: what a prompt shows of the control surface
  (the worked examples and guidelines of the control setting are prompt
  files, beside the library's: ``data/prompts``).
* :mod:`aspera_core.control.validate`: checking a set's control programs.
"""

from aspera_core.control.docs import render_control_docs
from aspera_core.control.mapping import Snapshot, build_world, save_world
from aspera_core.control.surface import ControlWorldError, World
from aspera_core.control.task import CONTROL_SETTING, control_task
from aspera_core.control.wrap import wrap_control_program

__all__ = [
    "CONTROL_SETTING",
    "ControlWorldError",
    "Snapshot",
    "World",
    "build_world",
    "control_task",
    "render_control_docs",
    "save_world",
    "wrap_control_program",
]
