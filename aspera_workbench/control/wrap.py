"""Running a control program against the current simulated world, as an evaluation program's ``executable()``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aspera_core.world import get_current_context
from aspera_workbench.control.mapping import build_world, save_world


def wrap_control_program(function: Callable[[Any], Any]) -> Callable[[], Any]:
    """The zero-argument callable that runs ``function`` (``def name(world): ...``) in a fresh control world.

    Changes are saved whether the program returns or raises an ``Exception``,
    as a library program's persist (docs/control.md); ``BaseException``s pass
    through unsaved. A world that cannot be saved raises ``ControlWorldError``,
    with the program's own exception as its context.
    """

    def run_in_control_world() -> Any:
        world, snapshot = build_world(get_current_context())
        try:
            result = function(world)
        except Exception:
            save_world(world, snapshot)
            raise
        save_world(world, snapshot)
        return result

    return run_in_control_world
