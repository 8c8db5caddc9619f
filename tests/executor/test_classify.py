"""Classification by exception type and origin, and the combination of pair results."""

from __future__ import annotations

import pydantic
import pytest

from aspera_core.executor import Outcome, PairResult, classify, combine_pairs, error_type_name
from aspera_core.executor.classify import bounded, format_traceback
from aspera_core.library.exceptions import RequiresUserInput, RequiresUserInputError
from aspera_core.outcomes import ORIGIN_EVALUATION, ORIGIN_PROGRAM, ORIGIN_SETUP
from aspera_core.tools.checks.exceptions import SolutionError


class Model(pydantic.BaseModel):
    name: str

    @pydantic.model_validator(mode="before")
    @classmethod
    def refuse(cls, data: object) -> object:
        raise pydantic_core.PydanticCustomError("SolutionError", "build employees with find_employee")


import pydantic_core  # noqa: E402 - used by the validator above


@pytest.mark.parametrize(
    ("exc", "origin", "outcome"),
    [
        (SolutionError("no"), ORIGIN_EVALUATION, Outcome.TASK_COMPLETION_ERROR),
        (SolutionError("no"), ORIGIN_PROGRAM, Outcome.TASK_COMPLETION_ERROR),
        (SolutionError("line one\nline two"), ORIGIN_EVALUATION, Outcome.TASK_COMPLETION_ERROR),
        (AssertionError(), ORIGIN_EVALUATION, Outcome.TASK_COMPLETION_ERROR),
        (AssertionError(), ORIGIN_PROGRAM, Outcome.EXECUTION_ERROR),
        (RequiresUserInput("which?"), ORIGIN_PROGRAM, Outcome.HANDBACK_CONTROL),
        (RequiresUserInputError("which?"), ORIGIN_PROGRAM, Outcome.HANDBACK_CONTROL),
        (MemoryError(), ORIGIN_PROGRAM, Outcome.RESOURCE_ERROR),
        (MemoryError(), ORIGIN_SETUP, Outcome.RESOURCE_ERROR),
        (SolutionError("no"), ORIGIN_SETUP, Outcome.EXECUTION_ERROR),
        (KeyError("x"), ORIGIN_PROGRAM, Outcome.EXECUTION_ERROR),
        (SystemExit(0), ORIGIN_PROGRAM, Outcome.EXECUTION_ERROR),
        (KeyboardInterrupt(), ORIGIN_PROGRAM, Outcome.EXECUTION_ERROR),
    ],
)
def test_classify(exc: BaseException, origin: str, outcome: Outcome) -> None:
    assert classify(exc, origin) is outcome


def test_validation_error_of_type_solution_error_is_task_completion() -> None:
    with pytest.raises(pydantic.ValidationError) as info:
        Model(name="Ada")
    assert classify(info.value, ORIGIN_PROGRAM) is Outcome.TASK_COMPLETION_ERROR


def test_other_validation_errors_are_execution_errors() -> None:
    class Plain(pydantic.BaseModel):
        count: int

    with pytest.raises(pydantic.ValidationError) as info:
        Plain(count="many")
    assert classify(info.value, ORIGIN_PROGRAM) is Outcome.EXECUTION_ERROR


def test_error_type_names() -> None:
    assert error_type_name(KeyError("x")) == "KeyError"
    assert error_type_name(SolutionError()) == "aspera_core.tools.checks.exceptions.SolutionError"

    class Local(Exception):
        pass

    assert error_type_name(Local()).endswith("test_error_type_names.<locals>.Local")


def test_hostile_str_does_not_break_formatting() -> None:
    class Nasty(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no")

    try:
        raise Nasty()
    except Nasty as exc:
        text = format_traceback(exc)
    assert "Nasty" in text


def test_bounded_keeps_head_or_tail() -> None:
    text = "a" * 50 + "b" * 50
    assert bounded(text, 200) == text
    assert bounded(text, 10).startswith("a" * 10)
    assert bounded(text, 10, keep="tail").endswith("b" * 10)


def pair(index: int, outcome: Outcome) -> PairResult:
    return PairResult(index=index, outcome=outcome)


def test_combine_pairs() -> None:
    success, handback, error, completion = (
        Outcome.SUCCESS,
        Outcome.HANDBACK_CONTROL,
        Outcome.EXECUTION_ERROR,
        Outcome.TASK_COMPLETION_ERROR,
    )
    assert combine_pairs([]) is None
    assert combine_pairs([pair(0, success), pair(1, success)]) is None
    assert combine_pairs([pair(0, error), pair(1, handback)]).outcome is handback
    assert combine_pairs([pair(0, handback), pair(1, completion)]).outcome is completion
    assert combine_pairs([pair(0, success), pair(1, error), pair(2, Outcome.TIMEOUT)]).index == 1


def test_pair_results_round_trip_through_json() -> None:
    result = PairResult(1, Outcome.HANDBACK_CONTROL, "X", "m", "tb", "program")
    assert PairResult.from_json(result.to_json()) == result
