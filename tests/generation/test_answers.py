"""Reading requests and single functions out of the model's answers."""

from __future__ import annotations

import ast
import datetime

import pytest

from aspera_workbench.generation import read_function, read_queries


def test_requests_from_a_json_block_get_the_prefix_once_and_no_repeats() -> None:
    answer = (
        "Sure:\n```json\n"
        '["Hey, [Assistant], book a room for tomorrow.", "hey [assistant] who is my manager?", '
        '"Hey, [Assistant], book a room for tomorrow.", "Move my 1:1 with Bo to Friday\\nplease"]\n```'
    )
    queries, problem = read_queries(answer)
    assert problem is None
    assert queries == [
        "Hey, [Assistant], book a room for tomorrow.",
        "Hey, [Assistant], who is my manager?",
        "Hey, [Assistant], Move my 1:1 with Bo to Friday please",
    ]


def test_requests_from_numbered_lines_or_an_object_with_a_list() -> None:
    lines = '1. Hey, [Assistant], cancel my Friday meetings.\n2) "Hey, [Assistant], when is my next one-on-one?"\nThat is all.'
    assert read_queries(lines) == (
        ["Hey, [Assistant], cancel my Friday meetings.", "Hey, [Assistant], when is my next one-on-one?"],
        None,
    )
    assert read_queries('{"requests": ["Hey, [Assistant], list my meetings today."]}')[0] == [
        "Hey, [Assistant], list my meetings today."
    ]


@pytest.mark.parametrize("answer", [None, "", "I cannot think of any.", "```json\n[1, 2]\n```"])
def test_no_requests_is_a_problem_in_words(answer: str | None) -> None:
    queries, problem = read_queries(answer)
    assert queries == [] and problem


def test_imports_helpers_and_constants_are_folded_into_the_solution() -> None:
    answer = """Here you go:
```python
import datetime
from aspera.apps_implementation.work_calendar import *

LENGTH = 30


def later(moment):
    return moment + datetime.timedelta(minutes=LENGTH)


def book_it():
    \"\"\"Book it.\"\"\"
    starts = now_()
    add_event(Event(subject="x", starts_at=starts, ends_at=later(starts)))


book_it()
```"""
    read = read_function(answer, "program")
    assert read.problem is None and read.name == "book_it"
    tree = ast.parse(read.program or "")
    assert len(tree.body) == 1 and isinstance(tree.body[0], ast.FunctionDef)
    body = tree.body[0].body
    assert isinstance(body[0], ast.Expr)  # the docstring stays first
    assert [type(node).__name__ for node in body[1:4]] == ["Import", "Assign", "FunctionDef"]
    assert "aspera" not in (read.program or "") and "book_it()" not in (read.program or "").split("def book_it():")[1]


def test_setup_and_evaluation_steps_take_their_own_function_and_drop_repeated_programs() -> None:
    answer = """```python
def book_it():
    pass


def setup_env_book_it():
    simulate_org_structure(["Ann"])


def evaluate_book_it(query, executable, setup_function):
    setup_function()
```"""
    setup = read_function(answer, "setup")
    assert (
        setup.name == "setup_env_book_it"
        and setup.program == 'def setup_env_book_it():\n    simulate_org_structure(["Ann"])\n'
    )
    evaluation = read_function(answer, "evaluation")
    assert evaluation.name == "evaluate_book_it" and "def book_it" not in (evaluation.program or "")


@pytest.mark.parametrize(
    "answer, step, problem",
    [
        ("", "program", "empty"),
        ("No code, sorry.", "program", "no function"),
        ("```python\ndef setup_env_x(:\n```", "setup", "does not parse"),
        ("```python\ndef build_world():\n    pass\n```", "setup", "starts with 'setup_env'"),
        (
            "```python\ndef evaluate_x(query, executable, setup_function):\n    pass\n```",
            "program",
            "must not be named",
        ),
    ],
)
def test_unusable_answers_say_why(answer: str, step: str, problem: str) -> None:
    read = read_function(answer, step)
    assert read.program is None and problem in (read.problem or "")


def test_a_program_answer_that_repeats_a_setup_function_keeps_the_solution() -> None:
    answer = "```python\ndef book_it():\n    add_event(Event(subject='x'))\n\n\ndef setup_env_book_it():\n    pass\n```"
    read = read_function(answer, "program")
    assert read.name == "book_it" and read.program == "def book_it():\n    add_event(Event(subject='x'))\n"


def test_a_class_and_an_annotated_constant_the_solution_uses_are_folded_in_too() -> None:
    # Helper functions and plain constants were folded in, but a class or an annotated
    # constant was dropped: the kept program raised NameError on a name its author wrote.
    answer = """```python
import datetime

LENGTH: int = 45


class Slot:
    def __init__(self, start):
        self.start = start

    def end(self):
        return self.start + datetime.timedelta(minutes=LENGTH)


def unused():
    return 1


def book_review():
    slot = Slot(now_())
    return slot.end()
```"""
    read = read_function(answer, "program")
    assert read.program is not None, read.problem
    namespace: dict[str, object] = {"now_": lambda: datetime.datetime(2024, 6, 25, 9, 6)}
    exec(read.program, namespace)
    assert namespace["book_review"]() == datetime.datetime(2024, 6, 25, 9, 51)  # type: ignore[operator]
    defined = [node.name for node in ast.walk(ast.parse(read.program)) if isinstance(node, ast.FunctionDef)]
    assert "unused" not in defined and [n.name for n in ast.parse(read.program).body] == ["book_review"]
