"""Size, complexity and library primitives of single programs."""

from __future__ import annotations

import pytest

from aspera_workbench.analysis.program_size import (
    code_lines,
    cyclomatic_complexity,
    primitives_used,
    program_metrics,
    query_words,
    raw_lines,
)


def names(program: str) -> set[str]:
    return {f"{p.module}.{p.name}" for p in primitives_used(program)}


def test_lines_are_counted_as_stored_and_without_blanks_and_comments():
    program = "def f():\n    # a comment\n\n    x = 1  # trailing comment keeps the line\n    '''doc'''\n    return x\n"
    assert raw_lines(program) == 6 == len(program.splitlines())
    assert code_lines(program) == 4  # def, x = 1, the docstring, return
    assert raw_lines("") == 0 and code_lines("\n\n# only\n") == 0
    assert query_words("  Book a room\tfor   Friday ") == 5


def test_complexity_counts_branches_boolean_operators_and_comprehension_conditions():
    program = (
        "def solve(xs):\n"
        "    for x in xs:\n"  # +1
        "        if x and x > 2:\n"  # +1 if, +1 and
        "            pass\n"
        "    return [y for y in xs if y]\n"  # +1 loop, +1 condition
    )
    assert cyclomatic_complexity(program) == 6
    assert cyclomatic_complexity("def f():\n    return 1\n") == 1


def test_complexity_is_that_of_the_first_function_and_nested_helpers_count_only_when_asked():
    program = (
        "def main():\n"
        "    def helper(a):\n"
        "        if a:\n"
        "            return 1\n"
        "        return 2\n"
        "    if helper(1):\n"
        "        return 3\n"
        "\n"
        "def other(b):\n"
        "    if b or not b:\n"
        "        return b\n"
    )
    assert cyclomatic_complexity(program) == 2  # main's own if; helper is radon's separate block
    assert cyclomatic_complexity(program, include_helpers=True) == 3  # + helper's one decision
    assert cyclomatic_complexity("def broken(:\n") is None
    assert cyclomatic_complexity("x = 1\n") is None


def test_bare_library_names_count_unless_the_program_shadows_them():
    program = (
        "def solve(find_team_of):\n"  # a parameter shadows the library function
        "    today = now_()\n"
        "    events = find_events(attendees=[get_current_user()])\n"
        "    for event in events:\n"
        "        delete_event(event)\n"
        "    modify = 3\n"  # a local variable shadows the library function everywhere in the function
        "    return find_team_of(modify)\n"
    )
    assert names(program) == {
        "time_utils.now_",
        "work_calendar.find_events",
        "company_directory.get_current_user",
        "work_calendar.delete_event",
    }


def test_imports_of_the_library_resolve_aliases_and_module_attributes():
    program = (
        "from aspera.apps_implementation.work_calendar import *\n"
        "from aspera.apps_implementation.company_directory import find_employee as who\n"
        "import aspera.apps_implementation.time_utils as tu\n"
        "from aspera.apps_implementation import room_booking\n"
        "from helpers import get_assistant\n"  # not the library: shadows the library's name
        "def solve():\n"
        "    person = who('Alice')\n"
        "    start = tu.combine(tu.get_next_dow('Friday'), tu.time_by_hm(9, 0, 'AM'))\n"
        "    room_booking.search_conference_room(time_window=None)\n"
        "    get_assistant(person)\n"
        "    return add_event(Event(subject='x', starts_at=start))\n"
    )
    assert names(program) == {
        "company_directory.find_employee",
        "time_utils.combine",
        "time_utils.get_next_dow",
        "time_utils.time_by_hm",
        "room_booking.search_conference_room",
        "work_calendar.add_event",
        "work_calendar.Event",
    }


def test_methods_of_library_classes_and_class_attributes_count():
    program = (
        "def solve():\n"
        "    event = find_events()[0]\n"
        "    minutes = event.duration\n"
        "    window = TimeInterval(start=now_(), end=now_())\n"
        "    inside = window.contains(now_())\n"
        "    status = ShowAsStatus.Busy\n"
        "    text = 'a-b'.replace('-', ' ')\n"  # str.replace is not time_utils.replace
        "    return minutes, inside, status, text\n"
    )
    assert names(program) == {
        "work_calendar.find_events",
        "work_calendar.Event.duration",
        "time_utils.TimeInterval",
        "time_utils.now_",
        "time_utils.TimeInterval.contains",
        "work_calendar.ShowAsStatus",
    }


def test_names_the_library_only_imports_belong_to_their_defining_module_or_to_nobody():
    program = "def solve():\n    d = datetime.date(2024, 6, 28)\n    return Employee, d\n"
    assert names(program) == {"company_directory.Employee"}


@pytest.mark.parametrize("program", ["def broken(:\n", ""])
def test_programs_that_do_not_parse_use_no_primitives(program: str):
    assert primitives_used(program) == []


def test_program_metrics_bundle_every_measure():
    program = "def solve():\n    # book it\n    return add_event(Event(subject='s'))\n"
    metrics = program_metrics(program)
    assert (metrics.raw_lines, metrics.code_lines, metrics.complexity) == (3, 2, 1)
    assert metrics.primitives == ("work_calendar.add_event", "work_calendar.Event")
    assert metrics.unique_primitives == 2
