"""Semantics-preserving rewrites: where they apply, what they produce, and where they must not apply."""

from __future__ import annotations

import datetime

import pytest

from aspera_workbench.variants import rewrites

from .support import program, run

MEETING = program(
    '''
    def plan_meeting():
        """Meet Ann tomorrow at 3 PM."""
        # who
        ann = find_employee("Ann")[0]
        # when
        start = combine("tomorrow", time_by_hm(3, 0, "pm"))
        add_event(Event(attendees=[ann], starts_at=start, subject=f"Sync with {ann.name}"))
    '''
)


def kinds(source: str, kind: str, **options) -> list:
    return rewrites(source, kinds=[kind], **options)


def test_reorder_swaps_independent_assignments_with_their_comments() -> None:
    [variant] = kinds(MEETING, "reorder_statements")
    assert variant.description == "line 4 and line 6 swapped"
    assert variant.expected == "pass"
    assert variant.source.splitlines()[2:6] == [
        "    # when",
        '    start = combine("tomorrow", time_by_hm(3, 0, "pm"))',
        "    # who",
        '    ann = find_employee("Ann")[0]',
    ]
    assert run(variant.source) == run(MEETING)


@pytest.mark.parametrize(
    "second",
    [
        "name = ann.name",  # reads what the first binds
        "ann = find_employee('Bob')[0]",  # binds the same name
        "made = add_event(Event(subject='x'))",  # changes the world
        "other = helper()",  # unknown call
        "ann.subject = 'x'",  # not a plain assignment
    ],
)
def test_reorder_leaves_dependent_or_effectful_pairs(second: str) -> None:
    source = program(
        f"""
        def plan():
            ann = find_employee("Ann")[0]
            {second}
        """
    )
    assert kinds(source, "reorder_statements") == []


def test_rename_keeps_library_names_and_function_name() -> None:
    variants = kinds(MEETING, "rename_variables")
    assert [v.description for v in variants] == [
        "all 2 local variables renamed (ann, start)",
        "variable 'ann' renamed to '_ann' (first used on line 4)",
        "variable 'start' renamed to '_start' (first used on line 6)",
    ]
    renamed = variants[0].source
    assert "def plan_meeting():" in renamed
    assert 'f"Sync with {_ann.name}"' in renamed and "attendees=[_ann]" in renamed
    assert "find_employee(" in renamed and "time_by_hm(" in renamed
    for variant in variants:
        assert run(variant.source) == run(MEETING)


def test_rename_avoids_capture_and_names_bound_elsewhere() -> None:
    source = program(
        """
        def plan():
            person = find_employee("Ann")[0]
            _total = 0
            total = 1
            names = [person.name for person in find_team_of(person)]
            try:
                first = names[0]
            except IndexError as error:
                first = str(error)
            return person, first, total, _total
        """
    )
    variants = kinds(source, "rename_variables")
    everything = variants[0]
    # 'person' is bound again by the comprehension and 'error' by the handler: both kept
    assert everything.description == "all 4 local variables renamed (_total, total, names, first)"
    assert "__total = 0" in everything.source and "_total_2 = 1" in everything.source
    assert "for person in find_team_of(person)" in everything.source
    assert run(everything.source) == run(source)


def test_extract_helper_moves_the_work_into_a_nested_function() -> None:
    variants = kinds(MEETING, "extract_helper")
    assert [v.description for v in variants] == [
        'line 4: find_employee("Ann")[0] moved into a nested helper _helper()',
        'line 6: combine("tomorrow", time_by_hm(3, 0, "pm")) moved into a nested helper _helper()',
        "line 7: add_event(Event(attendees=[ann], starts_at=start, subject... moved into a nested helper _helper()",
    ]
    assert '    def _helper():\n        return find_employee("Ann")[0]\n    ann = _helper()\n' in variants[0].source
    for variant in variants:
        assert run(variant.source) == run(MEETING)


def test_inline_variable_puts_the_expression_at_its_single_use() -> None:
    [variant] = kinds(MEETING, "inline_variable")
    assert variant.description.startswith("line 6: variable 'start' removed")
    assert 'starts_at=combine("tomorrow", time_by_hm(3, 0, "pm"))' in variant.source
    assert "start =" not in variant.source
    assert run(variant.source) == run(MEETING)


@pytest.mark.parametrize(
    "body",
    [
        # used twice
        "when = combine('d', 't')\n    add_event(Event(starts_at=when, ends_at=when))",
        # used in a loop body: evaluated once per iteration instead of once
        "when = combine('d', 't')\n    for p in find_team_of(None):\n        add_event(Event(starts_at=when))",
        # an action in between could change what the expression reads
        "team = find_team_of(None)\n    add_event(Event(subject='x'))\n    share_calendar(team)",
        # a name the expression reads is rebound in between
        "when = combine(day, 't')\n    day = 'other'\n    add_event(Event(starts_at=when))",
        # used inside a lambda
        "who = find_employee('Ann')\n    pick = lambda: who\n    share_calendar(pick())",
    ],
)
def test_inline_variable_refuses_unsafe_cases(body: str) -> None:
    source = f"def plan():\n    day = 'd'\n    {body}\n"
    assert [v for v in kinds(source, "inline_variable") if "'day'" not in v.description] == []


def _library_namespace() -> dict:
    namespace: dict = {}
    exec("from aspera_core.library.time_utils import *", namespace)
    return namespace


def test_equivalent_primitives_give_the_same_values_with_the_real_library() -> None:
    source = program(
        """
        def when():
            start = modify(combine(parse_date_string(DateExpressions["Tomorrow"]), time_by_hm(2, 30, "pm")),
                           Duration(90, TimeUnits.Minutes), operator=DateTimeClauseOperators.subtract)
            later = start + datetime.timedelta(hours=2)
            return start, later, parse_date_string(DateExpressions.Yesterday)
        """
    )
    variants = kinds(source, "equivalent_primitives")
    described = [v.description.split(":")[1].strip() for v in variants]
    assert described == [
        "modify(...) written as datetime arithmetic",
        "combine(...) written as datetime.datetime.combine(...)",
        "parse_date_string(Tomorrow) written from now_()",
        "time_by_hm(...) written as datetime.time(...)",
        "timedelta in hours written in minutes",
        "parse_date_string(Yesterday) written from now_()",
    ]
    expected = run(source, **_library_namespace())[0]
    assert expected == (
        datetime.datetime(2024, 6, 26, 13, 0),
        datetime.datetime(2024, 6, 26, 15, 0),
        datetime.date(2024, 6, 24),
    )
    for variant in variants:
        assert run(variant.source, **_library_namespace())[0] == expected, variant.description


def test_equivalent_primitives_skip_a_program_that_rebinds_datetime() -> None:
    source = "def f():\n    from datetime import datetime\n    return combine(datetime.now().date(), time_by_hm(1, 0, 'pm'))\n"
    assert kinds(source, "equivalent_primitives") == []


def test_iteration_order_reverses_independent_loops() -> None:
    source = program(
        """
        def invite_team():
            me = get_current_user()
            total = 0
            for person in find_team_of(me):
                label = person.name.upper()
                add_event(Event(attendees=[person], subject=label))
                total += 1
            return total
        """
    )
    [variant] = kinds(source, "iteration_order")
    assert variant.description == "lines 4-7: the loop over find_team_of(me) runs in reverse order"
    assert "for person in reversed(list(find_team_of(me))):" in variant.source
    result, actions = run(variant.source)
    original_result, original_actions = run(source)
    assert result == original_result == 3
    assert actions == list(reversed(original_actions))


@pytest.mark.parametrize(
    "loop",
    [
        "for p in find_team_of(me):\n        if p.name == 'Bob':\n            break\n        add_event(Event(attendees=[p]))",
        "for p in find_team_of(me):\n        found.append(p)",  # an outside list grows in order
        "for p in find_team_of(me):\n        last = p",  # the last one wins
        "for p in find_team_of(me):\n        add_event(Event(attendees=find_employee(p.name)))",  # reads and writes
        "for p in find_team_of(me):\n        names += [p.name]",  # list accumulator: order matters
        "for p in find_team_of(me):\n        pass\n    else:\n        add_event(Event())",
    ],
)
def test_iteration_order_leaves_order_dependent_loops(loop: str) -> None:
    source = f"def f():\n    me = get_current_user()\n    found = []\n    names = []\n    last = None\n    {loop}\n    return found, last, names\n"
    assert kinds(source, "iteration_order") == []
