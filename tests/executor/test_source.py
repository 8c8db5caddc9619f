"""Finding a program's function (rule B.3) and compiling it."""

from __future__ import annotations

import linecache

import pytest

from aspera_core.executor.harness import compile_source
from aspera_core.program_entry import function_name, has_definition, solution_name


def test_first_definition_names_the_function() -> None:
    assert function_name("def first():\n    pass\n\ndef second():\n    pass\n") == "first"
    assert function_name("x = 1\n") is None


def test_headers_may_span_lines_and_carry_a_return_annotation() -> None:
    text = "def evaluate_it(\n    query: str, executable: Callable[[], Any]\n) -> list[str]:\n    pass\n"
    assert function_name(text) == "evaluate_it"


def test_aspera_imports_are_ignored_when_naming_the_solution() -> None:
    program = "from aspera.apps_implementation.work_calendar import *\nimport aspera.apps_implementation.time_utils\n\ndef solve():\n    pass\n"
    assert solution_name(program) == "solve"


def test_has_definition() -> None:
    assert has_definition("def f(:")
    assert has_definition("    async def f():\n")
    assert not has_definition("The answer is 42.")


def test_compiled_source_lines_show_in_tracebacks() -> None:
    code = compile_source("def f():\n    return 1 / 0\n", "<unit test>")
    namespace: dict[str, object] = {}
    exec(code, namespace)
    assert linecache.getline("<unit test>", 2).strip() == "return 1 / 0"
    with pytest.raises(ZeroDivisionError):
        namespace["f"]()  # type: ignore[operator]


def test_asserts_survive_optimisation_flags() -> None:
    code = compile_source("assert False, 'kept'\n", "<assert test>")
    with pytest.raises(AssertionError, match="kept"):
        exec(code, {})
