"""Finding the program in a model's answer."""

from __future__ import annotations

import pytest

from aspera_core.executor import solution_name
from aspera_workbench.agents.answer_parsing import extract_program

SOLUTION = "def count_meetings() -> int:\n    return len(find_events())\n"


@pytest.mark.parametrize(
    "answer",
    [
        f"```python\n{SOLUTION}```",
        f"Here is the program:\n\n```python\n{SOLUTION}```\n\nIt counts your meetings.",
        f"```py\n{SOLUTION}```",
        f"```\n{SOLUTION}```",
        SOLUTION,
        f"{SOLUTION}```",  # continuing the open fence the prompt ends with
        f"Sure! Here it is:\n{SOLUTION}\nThis returns the number of meetings.",
        f"```python\n{SOLUTION}",  # a fence never closed
        f"```python\n    {SOLUTION.replace(chr(10), chr(10) + '    ')}```",  # indented block
    ],
    ids=["fence", "prose-around", "py", "bare-fence", "bare", "open-fence", "prose-bare", "unclosed", "indented"],
)
def test_the_solution_is_found_in_any_shape(answer: str) -> None:
    parsed = extract_program(answer)
    assert parsed.program == SOLUTION and parsed.solution == "count_meetings" and parsed.problem is None


def test_imports_are_kept_first_and_trailing_calls_dropped() -> None:
    answer = (
        "```python\nimport math\nfrom aspera.apps_implementation.work_calendar import *\n\n"
        f"{SOLUTION}\n\ncount_meetings()\nprint(count_meetings())\nif __name__ == '__main__':\n    count_meetings()\n```"
    )
    parsed = extract_program(answer)
    assert parsed.program == (f"import math\nfrom aspera.apps_implementation.work_calendar import *\n\n{SOLUTION}")


def test_top_level_helpers_are_kept_after_the_solution() -> None:
    answer = (
        "```python\ndef helper(events):\n    return len(events)\n\n\n"
        "def solution() -> int:\n    return helper(find_events())\n```"
    )
    parsed = extract_program(answer)
    assert parsed.solution == "solution"
    assert parsed.program == (
        "def solution() -> int:\n    return helper(find_events())\n\ndef helper(events):\n    return len(events)\n"
    )
    assert solution_name(parsed.program) == "solution"  # the executor calls the first function


def test_a_helper_without_arguments_defined_last_is_not_taken_for_the_solution() -> None:
    answer = "def solution():\n    return pick()\n\ndef pick():\n    return 1\n"
    assert extract_program(answer).solution == "solution"


def test_nested_helpers_stay_nested() -> None:
    answer = "```python\ndef solution():\n    def helper():\n        return 1\n    return helper()\n```"
    assert (
        extract_program(answer).program == "def solution():\n    def helper():\n        return 1\n    return helper()\n"
    )


def test_several_fences_take_the_first_that_holds_a_function() -> None:
    answer = (
        "First install nothing:\n```bash\npip install nothing\n```\n"
        "Example data:\n```python\nx = [1, 2]\n```\n"
        f"The program:\n```python\n{SOLUTION}```\nA test:\n```python\ndef test():\n    assert count_meetings() >= 0\n```"
    )
    assert extract_program(answer).solution == "count_meetings"


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ("", "empty"),
        (None, "empty"),
        ("I cannot help with that request.", "no function definition"),
        ("```python\ndef broken(:\n    pass\n```", "does not parse"),
    ],
)
def test_answers_without_a_usable_program(answer: str | None, problem: str) -> None:
    parsed = extract_program(answer)
    assert parsed.program is None and problem in (parsed.problem or "")


CONTROL = "def count_meetings(world) -> int:\n    return len(world.calendar)\n"


@pytest.mark.parametrize(
    "answer",
    [
        f"```python\n{CONTROL}```",
        f"{CONTROL}```",
        f"Here it is:\n{CONTROL}\ncount_meetings(world)\n",
    ],
    ids=["fence", "open-fence", "trailing-call"],
)
def test_a_control_solution_takes_the_world(answer: str) -> None:
    parsed = extract_program(answer, arguments=1)
    assert parsed.program == CONTROL and parsed.solution == "count_meetings"


def test_with_one_argument_the_function_taking_the_world_is_the_solution_not_its_helpers() -> None:
    answer = (
        "```python\nimport datetime\n\n"
        "def day_after(day, days=1):\n    return day + datetime.timedelta(days=days)\n\n"
        "def now():\n    return None\n\n"
        "def book(world):\n    return day_after(world.now.date())\n```"
    )
    parsed = extract_program(answer, arguments=1)
    assert parsed.solution == "book"
    assert parsed.program is not None and parsed.program.startswith("import datetime\n\ndef book(world):")
    # the same answer in the library setting takes the function that needs no argument
    assert extract_program(answer).solution == "now"


@pytest.mark.parametrize(
    ("signature", "fits"),
    [
        ("world", True),
        ("world=None", True),
        ("*args", True),
        ("", False),
        ("world, day", False),
        ("world, *, k", False),
    ],
)
def test_which_signatures_take_the_world(signature: str, fits: bool) -> None:
    answer = f"def other(world):\n    return 0\n\ndef solution({signature}):\n    return 1\n"
    # the last function that can take the world wins
    expected = "solution" if fits else "other"
    assert extract_program(answer, arguments=1).solution == expected


def test_a_negative_argument_count_is_refused() -> None:
    with pytest.raises(ValueError, match="arguments"):
        extract_program(CONTROL, arguments=-1)
