"""Per-model tables read from YAML files: request quirks and prices.

Both files list entries matched against a model name: an entry with ``name`` matches
that exact name, an entry with ``pattern`` matches names the regular expression matches
in full. The first matching entry wins, so specific entries go before general ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

PARAMS_DIR = Path(__file__).resolve().parents[2] / "params"
"""The repository's ``params`` folder, where the default tables live."""

DEFAULT_QUIRKS_PATH = PARAMS_DIR / "models.yaml"
DEFAULT_PRICES_PATH = PARAMS_DIR / "prices.yaml"


class _Matcher(BaseModel):
    """The ``name`` or ``pattern`` part of a table entry."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str | None = None
    pattern: str | None = None

    @model_validator(mode="after")
    def _one_of_name_or_pattern(self) -> _Matcher:
        if (self.name is None) == (self.pattern is None):
            raise ValueError("give exactly one of 'name' (an exact model name) or 'pattern' (a regular expression)")
        if self.pattern is not None:
            try:
                re.compile(self.pattern)
            except re.error as error:
                raise ValueError(f"pattern {self.pattern!r} is not a valid regular expression: {error}") from None
        return self

    def matches(self, model: str) -> bool:
        if self.name is not None:
            return model == self.name
        return re.fullmatch(self.pattern or "", model) is not None


class ModelQuirks(BaseModel):
    """How requests for a model are shaped: whether it takes ``temperature``, ``seed`` and tools (else left out or refused).

    ``system_role`` is the role system messages are sent with (``developer`` for newer reasoning
    models, ``user`` for models that take neither); ``max_tokens_param`` carries the length cap.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    temperature: bool = True
    seed: bool = True
    system_role: Literal["system", "developer", "user"] = "system"
    max_tokens_param: Literal["max_tokens", "max_completion_tokens"] = "max_tokens"
    tools: bool = True


class _QuirksEntry(_Matcher):
    temperature: bool | None = None
    seed: bool | None = None
    system_role: Literal["system", "developer", "user"] | None = None
    max_tokens_param: Literal["max_tokens", "max_completion_tokens"] | None = None
    tools: bool | None = None


class QuirksTable:
    """The quirks of every model: ``default`` and entries (a ``name`` or ``pattern`` plus the quirks that differ)."""

    def __init__(self, default: ModelQuirks | None = None, entries: Sequence[Mapping[str, Any]] = ()) -> None:
        self.default = default or ModelQuirks()
        self._entries = [_QuirksEntry.model_validate(dict(entry)) for entry in entries]

    @classmethod
    def load(cls, path: str | Path = DEFAULT_QUIRKS_PATH) -> QuirksTable:
        """Read a quirks file (``default:`` and ``models:`` keys); ``ValueError`` naming the file and entry when invalid."""
        data = _read_yaml(path, allowed={"default", "models"})
        try:
            default = ModelQuirks.model_validate(data.get("default") or {})
        except ValidationError as error:
            raise ValueError(f"{path}: 'default': {_first_problem(error)}") from None
        return cls(default, _entries(path, data.get("models"), _QuirksEntry))

    def for_model(self, model: str) -> ModelQuirks:
        """The quirks of ``model``: the first matching entry over the default, or the default."""
        for entry in self._entries:
            if entry.matches(model):
                changes = entry.model_dump(exclude={"name", "pattern"}, exclude_none=True)
                return self.default.model_copy(update=changes)
        return self.default


class Price(BaseModel):
    """Dollars per million tokens for one model; ``cached_input`` ``None``: cached prompt tokens cost ``input``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    input: float = Field(ge=0)
    output: float = Field(ge=0)
    cached_input: float | None = Field(None, ge=0)

    def cost(self, prompt_tokens: int, completion_tokens: int, cached_prompt_tokens: int = 0) -> float:
        """Dollars for these token counts (``(prompt - cached) * input + cached * cached_input + completion * output``)."""
        cached = min(cached_prompt_tokens, prompt_tokens) if self.cached_input is not None else 0
        dollars = (prompt_tokens - cached) * self.input + completion_tokens * self.output
        dollars += cached * (self.cached_input or 0.0)
        return dollars / 1_000_000


class _PriceEntry(_Matcher, Price):
    pass


class PriceTable:
    """Prices of the models the project knows (entries as in :class:`QuirksTable`); ``source`` is quoted in notes."""

    def __init__(self, entries: Sequence[Mapping[str, Any]] = (), *, source: str = "the price table") -> None:
        self._entries = [_PriceEntry.model_validate(dict(entry)) for entry in entries]
        self.source = source

    @classmethod
    def load(cls, path: str | Path = DEFAULT_PRICES_PATH) -> PriceTable:
        """Read a prices file (a ``models:`` list; other top-level keys are documentation); ``ValueError`` when invalid."""
        data = _read_yaml(path, allowed={"models", "currency", "unit", "checked"})
        return cls(_entries(path, data.get("models"), _PriceEntry), source=str(path))

    def for_model(self, model: str) -> Price | None:
        """The price of ``model``, or ``None`` if no entry matches it."""
        for entry in self._entries:
            if entry.matches(model):
                return Price(input=entry.input, output=entry.output, cached_input=entry.cached_input)
        return None

    def missing_note(self, model: str) -> str:
        """The note attached to costs of a model without a price."""
        return f"no price for model {model!r} in {self.source}; cost unknown (add an entry to get costs)"


def _read_yaml(path: str | Path, *, allowed: set[str]) -> dict[str, Any]:
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no such file")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise ValueError(f"{path}: not valid YAML: {error}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping at the top level, got {type(data).__name__}")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ValueError(f"{path}: unknown top-level key(s) {unknown}; expected {sorted(allowed)}")
    return data


def _entries(path: str | Path, entries: Any, model: type[_Matcher]) -> list[dict[str, Any]]:
    """The ``models`` entries of a table file, each checked as ``model`` (the problem names the file and entry)."""
    if entries is None:
        return []
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise ValueError(f"{path}: 'models' must be a list of mappings")
    for number, entry in enumerate(entries):
        try:
            model.model_validate(entry)
        except ValidationError as error:
            raise ValueError(f"{path}: models[{number}]: {_first_problem(error)}") from None
    return entries


def _first_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"])
    return f"{where}: {problem['msg']}" if where else problem["msg"]
