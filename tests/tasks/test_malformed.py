"""Malformed task files give errors that name the file, the task and the field."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nestedtext
import pydantic
import pytest

from aspera_core.tasks import Scenario, Task, TaskFormatError, load_tasks, open_task_set
from aspera_workbench.authoring import read_code_module

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SHARD = FIXTURES / "mini_release" / "plans" / "queries_001.nt"
RECORDS: list[dict[str, Any]] = nestedtext.load(SHARD, top=list)


def _write(tmp_path: Path, records: Any, name: str = "queries_002.nt") -> Path:
    path = tmp_path / name
    path.write_text(nestedtext.dumps(records) + "\n")
    return path


def _load_error(path: Path) -> TaskFormatError:
    with pytest.raises(TaskFormatError) as caught:
        load_tasks(path)
    return caught.value


def _mutated(change: Callable[[list[dict[str, Any]]], None]) -> list[dict[str, Any]]:
    records = copy.deepcopy(RECORDS)
    change(records)
    return records


def _set(index: int, key: str, value: Any) -> Callable[[list[dict[str, Any]]], None]:
    def change(records: list[dict[str, Any]]) -> None:
        records[index][key] = value

    return change


def _drop(index: int, key: str) -> Callable[[list[dict[str, Any]]], None]:
    def change(records: list[dict[str, Any]]) -> None:
        del records[index][key]

    return change


def _set_scenario(index: int, key: str, value: Any) -> Callable[[list[dict[str, Any]]], None]:
    def change(records: list[dict[str, Any]]) -> None:
        records[index]["scenario"][key] = value

    return change


BAD_PROGRAM = "def evaluate_x(query, executable, setup_function):\n    setup_function()\n    if True\n"

CASES = {
    "missing field": (
        _drop(1, "scenario"),
        "task 9002: field 'scenario': required field is missing",
    ),
    "dict where a string is expected": (
        _set(0, "query", {"text": "hello"}),
        "task 9001: field 'query': expected a string, got a dictionary",
    ),
    "string where a list is expected": (
        _set(2, "state_generation_programs", RECORDS[2]["state_generation_programs"][0]),
        "task 9003: field 'state_generation_programs': expected a list of strings, got a multi-line string",
    ),
    "non-integer id": (
        _set(3, "query_id", "nine"),
        "task nine: field 'query_id': expected a positive integer",
    ),
    "zero id": (
        _set(3, "query_id", "0"),
        "task 0: field 'query_id': expected a positive integer",
    ),
    "count mismatch": (
        _set(0, "state_generation_programs", RECORDS[0]["state_generation_programs"] * 2),
        "task 9001: field 'evaluation_programs': expected 2 items to match state_generation_programs, got 1",
    ),
    "no pairs": (
        _set(1, "evaluation_programs", []),
        "task 9002: field 'evaluation_programs': needs at least one evaluation program",
    ),
    "empty program list value": (
        _set(1, "state_generation_programs", ""),
        "task 9002: field 'state_generation_programs': expected a list of strings, got an empty value",
    ),
    "program does not parse": (
        _set(2, "evaluation_programs", [BAD_PROGRAM]),
        "task 9003: field 'evaluation_programs': item 1: does not parse as Python: line 3:",
    ),
    "program has no function": (
        _set(0, "program", "add_event(None)\n"),
        "task 9001: field 'program': contains no function definition",
    ),
    "scenario apps not a list": (
        _set_scenario(0, "apps", "work_calendar"),
        "task 9001: field 'scenario.apps': expected a list of strings",
    ),
    "bad tool reference": (
        _set_scenario(1, "simulation_tools", ["simulate_org_structure"]),
        "task 9002: field 'scenario.simulation_tools': item 1: expected 'module::function'",
    ),
    "unknown app": (
        _set_scenario(0, "apps", ["exceptions", "time_utils", "calendar"]),
        "task 9001: field 'scenario.apps': item 3: unknown app 'calendar'",
    ),
    "unknown simulation tool module": (
        _set_scenario(1, "simulation_tools", ["company_directory::simulate_org_structure", "rooms::create_room"]),
        "task 9002: field 'scenario.simulation_tools': item 2: unknown module 'rooms' in 'rooms::create_room'",
    ),
    "unknown evaluation tool function": (
        _set_scenario(2, "evaluation_tools", ["exceptions::SolutionError", "work_calendar::assert_calendar_shared"]),
        "task 9003: field 'scenario.evaluation_tools': item 2: 'work_calendar::assert_calendar_shared': "
        "module 'work_calendar' has no 'assert_calendar_shared'",
    ),
    "setup tool named as an evaluation tool": (
        _set_scenario(2, "evaluation_tools", ["company_directory::simulate_org_structure"]),
        "task 9003: field 'scenario.evaluation_tools': item 1: unknown module 'company_directory'",
    ),
    "symbols_in_apps with text": (
        _set_scenario(2, "symbols_in_apps", "find_employee"),
        "task 9003: field 'scenario.symbols_in_apps': expected an empty value or a list",
    ),
    "guideline list is a dict": (
        lambda records: records[3]["scenario"]["guidelines"].__setitem__("evaluation", {"a": "b"}),
        "task 9004: field 'scenario.guidelines.evaluation': expected a list of strings",
    ),
    "tags not single strings": (
        _set(0, "tags", [["nested"]]),
        "task 9001: field 'tags': item 1: expected a string, got a list",
    ),
    "duplicate id": (
        _set(1, "query_id", "9001"),
        "task 9001: field 'query_id': duplicate query id; also used in queries_002.nt:2 (task 9001)",
    ),
    "duplicate query": (
        _set(3, "query", RECORDS[0]["query"]),
        "task 9004: field 'query': duplicate query; also used in queries_002.nt:31 (task 9001)",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_malformed_record_is_reported_precisely(tmp_path: Path, case: str) -> None:
    change, expected = CASES[case]
    error = _load_error(_write(tmp_path, _mutated(change)))
    assert expected in str(error)
    assert len(error.problems) == 1, str(error)
    # every problem is located in the file, at least at its record
    assert str(error).startswith(f"queries_002.nt:{error.problems[0].line}: ")


def test_record_that_is_not_a_dict(tmp_path: Path) -> None:
    records = copy.deepcopy(RECORDS)
    records.insert(1, "just a string")
    error = _load_error(_write(tmp_path, records))
    assert "queries_002.nt:" in str(error)
    assert "record 2: expected a dictionary of task fields, got a single-line string" in str(error)


def test_top_level_not_a_list(tmp_path: Path) -> None:
    error = _load_error(_write(tmp_path, RECORDS[0]))
    expected = "queries_002.nt:1: the top level must be a list of task records, got a dictionary"
    assert expected in str(error)


def test_nestedtext_syntax_error_has_line_number(tmp_path: Path) -> None:
    lines = SHARD.read_text().splitlines(keepends=True)
    lines[4] = "  broken indentation\n"
    path = tmp_path / "queries_001.nt"
    path.write_text("".join(lines))
    error = _load_error(path)
    assert str(error).startswith("queries_001.nt:5: not valid NestedText")


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "queries_001.nt"
    latin1 = "Ott\xf6line".encode("latin-1")
    path.write_bytes(SHARD.read_bytes().replace(b"Ottoline", latin1, 1))
    error = _load_error(path)
    assert "queries_001.nt: not valid UTF-8 text (byte 0xf6 at offset" in str(error)


def test_syntax_error_points_at_the_file_line(tmp_path: Path) -> None:
    path = _write(tmp_path, _mutated(_set(2, "evaluation_programs", [BAD_PROGRAM])))
    error = _load_error(path)
    (problem,) = error.problems
    assert problem.line is not None
    # the third program line ("    if True") sits at that line of the file
    assert path.read_text().splitlines()[problem.line - 1].strip() == ">     if True"


def test_all_problems_are_reported_together(tmp_path: Path) -> None:
    def change(records: list[dict[str, Any]]) -> None:
        del records[0]["query"]
        records[1]["evaluation_programs"] = records[1]["evaluation_programs"] * 3
        records[3]["program"] = "def f(:\n"

    error = _load_error(_write(tmp_path, _mutated(change)))
    text = str(error)
    assert text.startswith("3 problems:")
    assert [p.query_id for p in error.problems] == ["9001", "9002", "9004"]
    assert [p.field for p in error.problems] == ["query", "evaluation_programs", "program"]


def test_problems_across_shards_are_collected(tmp_path: Path) -> None:
    _write(tmp_path, _mutated(_drop(0, "program")), "queries_001.nt")
    (tmp_path / "queries_002.nt").write_bytes(b"\xff\xfe")
    error = _load_error(tmp_path)
    assert [p.source for p in error.problems] == ["queries_001.nt", "queries_002.nt"]


def test_task_built_in_code_is_checked_too() -> None:
    task = load_tasks(SHARD)[0]
    fields = {name: getattr(task, name) for name in Task.model_fields}
    fields["evaluation_programs"] = fields["evaluation_programs"] * 2
    with pytest.raises(pydantic.ValidationError, match="expected 1 items to match"):
        Task(**fields)


def test_scenario_built_in_code_names_only_known_modules() -> None:
    scenario = load_tasks(SHARD)[0].scenario
    fields = {name: getattr(scenario, name) for name in Scenario.model_fields}
    with pytest.raises(pydantic.ValidationError, match="unknown app 'calendar'"):
        Scenario(**{**fields, "apps": ["calendar"]})
    with pytest.raises(pydantic.ValidationError, match="module 'exceptions' has no 'Missing'"):
        Scenario(**{**fields, "evaluation_tools": ["exceptions::Missing"]})


def test_an_unknown_app_keeps_the_other_tasks(tmp_path: Path) -> None:
    """The set still opens leniently: the sound tasks load, the bad one is a problem naming it."""
    path = _write(tmp_path, _mutated(_set_scenario(0, "apps", ["exceptions", "calendar"])))
    task_set = open_task_set(path)
    assert [task.query_id for task in task_set.tasks] == ["9002", "9003", "9004"]
    (problem,) = task_set.problems
    assert (problem.query_id, problem.field) == ("9001", "scenario.apps")
    assert "unknown app 'calendar'" in problem.message


def test_code_module_with_two_solutions_is_rejected() -> None:
    text = "def first():\n    pass\n\n\ndef second():\n    pass\n"
    with pytest.raises(TaskFormatError, match="two solution functions"):
        read_code_module(text, source="query_5.py")


def test_code_module_with_top_level_statement_is_rejected() -> None:
    text = "from x import *\n\n\ndef solve():\n    pass\n\n\nsolve()\n"
    with pytest.raises(TaskFormatError, match=r"query_5.py:8: only imports and function"):
        read_code_module(text, source="query_5.py")


def test_code_after_the_entry_point_guard_is_refused_not_dropped() -> None:
    # The release's rule cuts the module at the guard, so a broken line or a helper added after it
    # vanished silently and build-tasks exited 0.
    module = "def solve():\n    pass\n\n\nif __name__ == '__main__':\n    solve()\n"
    assert read_code_module(module)[0] == "def solve():\n    pass\n"
    with pytest.raises(TaskFormatError, match=r"query_5.py:9: does not parse as Python"):
        read_code_module(module + "\n\ndef broken(:\n    pass\n", source="query_5.py")
    with pytest.raises(TaskFormatError, match=r"query_5.py:9: .*after the if __name__ == '__main__': block"):
        read_code_module(module + "\n\ndef helper():\n    return 1\n", source="query_5.py")
