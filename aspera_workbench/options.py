"""Typed options: one pydantic model per thing that has options, and one way to word what is wrong.

Every model derives from :class:`Options`, which refuses an unknown key naming the closest
known one; :func:`describe` makes an error one line (``agents.0.options.temperature: Input
should be greater than or equal to 0, got -1``). The value types they share are declared here once.
"""

from __future__ import annotations

import difflib
import os
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import PydanticCustomError

M = TypeVar("M", bound=BaseModel)


class Options(BaseModel):
    """A model of options that refuses unknown keys, naming the closest known one."""

    model_config = ConfigDict(extra="forbid")

    @classmethod
    def unknown_key_advice(cls, key: str, value: Any) -> str:
        """What follows ``unknown key 'KEY'`` in the error: a suggestion, and the keys there are."""
        close = difflib.get_close_matches(key, list(cls.model_fields), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"{hint}; known keys: {', '.join(cls.model_fields)}"

    @model_validator(mode="before")
    @classmethod
    def _known_keys(cls, data: Any) -> Any:
        # extra="forbid" would refuse the key too, but without telling which key was meant
        if isinstance(data, dict):
            for key, value in data.items():
                if key not in cls.model_fields:
                    advice = cls.unknown_key_advice(str(key), value)
                    raise PydanticCustomError("unknown_key", "{advice}", {"key": key, "advice": advice})
        return data


#: Error types whose message already says what was given (or there is nothing given to show).
_SAYS_THE_VALUE = frozenset({"missing", "value_error", "unknown_key"})


def problem(error: ValidationError) -> str:
    """What is wrong, without where: the first problem of ``error``, with the value given when it does not say it."""
    first = error.errors()[0]
    message = str(first["msg"]).removeprefix("Value error, ")  # pydantic's prefix says nothing
    given = first.get("input")
    if first["type"] not in _SAYS_THE_VALUE and not isinstance(given, dict | list | tuple):
        message += f", got {given!r}"
    return message


def describe(error: ValidationError, within: tuple[str | int, ...] = ()) -> str:
    """The first problem of ``error`` in one line: where (``agents.0.seeds``), what, and the value given.

    ``within``: where the validated options are in a larger whole (``("agents", 0, "options")``).
    """
    first = error.errors()[0]
    loc = (*within, *first.get("loc", ()))
    if first["type"] == "unknown_key":
        where = ".".join(str(part) for part in (*loc, first["ctx"]["key"]))
        return f"unknown key {where!r}{first['ctx']['advice']}"
    return f"{'.'.join(str(part) for part in loc) or 'parameters'}: {problem(error)}"


def validated(model: type[M], values: Any, error: type[Exception] = ValueError) -> M:
    """``values`` validated as ``model``; a problem raises ``error`` with its one line (:func:`describe`)."""
    try:
        return model.model_validate(values)
    except ValidationError as problem_found:
        raise error(describe(problem_found)) from None


def _endpoint(value: str) -> str:
    value = value.strip()
    if not value.startswith(("http://", "https://")):
        raise ValueError(
            f"expected a URL starting with http:// or https:// (e.g. http://127.0.0.1:8000/v1), got {value!r}"
        )
    return value


def _path_text(value: Any) -> Any:
    return os.fspath(value) if isinstance(value, os.PathLike) else value


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError(f"expected a name, got {value!r}")
    return value


def _each_once(seeds: list[int]) -> list[int]:
    repeated = sorted({seed for seed in seeds if seeds.count(seed) > 1})
    if repeated:
        raise ValueError(f"seed {', '.join(map(str, repeated))} is given twice; give each seed once")
    return seeds


#: Seeds of a seeded agent: at least one, each once (each seed is one row per task).
Seeds = Annotated[list[int], Field(min_length=1), AfterValidator(_each_once)]
#: The root of an OpenAI-compatible endpoint (``http://127.0.0.1:8000/v1``), without surrounding blanks.
EndpointURL = Annotated[str, AfterValidator(_endpoint)]
#: A name that is not blank: a model as its endpoint knows it, an environment variable.
Name = Annotated[str, AfterValidator(_not_blank)]
#: A file or folder (a ``Path`` is taken as its text), not blank.
PathName = Annotated[str, BeforeValidator(_path_text), AfterValidator(_not_blank)]
#: A sampling temperature (0 samples the likeliest tokens).
Temperature = Annotated[float, Field(ge=0, allow_inf_nan=False)]
#: Seconds something may take.
Seconds = Annotated[float, Field(gt=0, allow_inf_nan=False)]
#: An amount of dollars (a spending limit).
Dollars = Annotated[float, Field(ge=0, allow_inf_nan=False)]
#: A whole number of at least 1 (workers, a limit).
AtLeastOne = Annotated[int, Field(ge=1)]
#: A whole number of at least 0 (a count that may be zero).
AtLeastZero = Annotated[int, Field(ge=0)]
