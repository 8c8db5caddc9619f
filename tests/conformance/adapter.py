"""Adapter for the conformance suite of the original library.

``run_program(program)`` runs ``program`` the way a task evaluation runs setup,
solution and checking code: in a brand-new world (which re-seeds Python's
global ``random`` with 0) and in a fresh namespace holding the release's
standard imports. It returns that namespace so the suite can read ``result``;
exceptions propagate unchanged.
"""

from __future__ import annotations

from typing import Any

from aspera_core import compat
from aspera_core.world.state import ExecutionContext, new_context

#: The imports the original evaluator puts in front of setup, solution and checking code.
RELEASE_HEADER = """\
from aspera.apps_implementation.exceptions import *
from aspera.apps_implementation.time_utils import *
from aspera.apps_implementation.room_booking import *
from aspera.apps_implementation.company_directory import *
from aspera.apps_implementation.work_calendar import *
from aspera.runtime_state_generation_tools_implementation.company_directory import simulate_org_structure, simulate_vacation_schedule
from aspera.runtime_state_generation_tools_implementation.work_calendar import simulate_user_calendar, simulate_employee_calendar
from aspera.runtime_state_generation_tools_implementation.room_booking import simulate_conference_room
from typing import Any, Callable
from aspera.execution_evaluation_tools_implementation.exceptions import SolutionError
from aspera.execution_evaluation_tools_implementation.time_utils import repetition_schedule
from aspera.execution_evaluation_tools_implementation.work_calendar import assert_user_calendar_shared
"""

_template: dict[str, Any] | None = None


def _namespace() -> dict[str, Any]:
    # Imports run once per process; each program gets a copy of the result.
    global _template
    if _template is None:
        compat.install()
        namespace: dict[str, Any] = {"__name__": "__conformance__"}
        exec(RELEASE_HEADER, namespace)
        _template = namespace
    return dict(_template)


def run_program(program: str, library_fixes: bool = False) -> dict[str, Any]:
    """Execute ``program`` in a fresh world and namespace and return the namespace.

    Args:
        program: The case's program.
        library_fixes: Run with the library's documented fixes (default: the original's behaviour).
    """
    namespace = _namespace()
    with new_context(ExecutionContext(library_fixes=library_fixes)):
        exec(compile(program, "<conformance case>", "exec"), namespace)
    return namespace
