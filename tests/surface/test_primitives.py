"""The primitive inventory and the primitives a program uses."""

import pytest

from aspera_workbench.surface.primitives import ALL_MODULES, module_primitives, names_used, primitive_modules


def test_primitives_are_what_modules_define_not_what_they_import() -> None:
    calendar = module_primitives("work_calendar")
    assert "add_event" in calendar and "Event" in calendar
    assert "datetime" not in calendar and "Duration" not in calendar  # imported from time_utils
    assert "get_event_by_id" in calendar and "get_event_by_id" not in module_primitives("work_calendar", True)
    assert set(primitive_modules(documented_only=True)) < set(primitive_modules())
    assert primitive_modules()["Duration"] == "time_utils"
    assert list(ALL_MODULES) == sorted(ALL_MODULES)


def test_names_used_follows_loads_and_ignores_what_the_program_binds() -> None:
    program = '''
from aspera.apps_implementation.work_calendar import *
from aspera.apps_implementation import time_utils
import datetime

def solution() -> int:
    """Uses find_events in a docstring, which does not count."""
    events = find_events(subject="Sync")
    span = Duration(30, TimeUnits.Minutes)
    later = time_utils.modify(now_(), span, operator=DateTimeClauseOperators.add)
    def add_event(x):  # shadows the library function
        return x
    add_event(later)
    summary = "find_employee"
    return len(events) + datetime.timedelta(days=1).days
'''
    assert names_used(program) == ["find_events", "Duration", "TimeUnits", "modify", "now_", "DateTimeClauseOperators"]
    assert names_used("def f():\n    return Event\n", modules=["time_utils"]) == []


def test_names_used_needs_a_program_that_parses() -> None:
    with pytest.raises(SyntaxError):
        names_used("def f(:\n")
