"""Parameters of a generation session (``params/generate.yaml``, every key in docs/generation.md), checked
before anything runs: an unknown key is an error, paths are relative to the project root, and
``-p key=value`` overrides a top-level key (the value read as YAML).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from typing import Annotated, Any

from pydantic import ConfigDict, Field, field_validator, model_validator

from aspera_workbench.authoring import APPS
from aspera_workbench.generation.flow import Round
from aspera_workbench.options import Dollars, EndpointURL, Name, Options, Seconds, Temperature, validated
from aspera_workbench.pipeline import ParamsError, parse_override, read_params_file
from aspera_workbench.surface import CORE_MODULES


class RoundParams(Options):
    """One round of batch generation: a focus instruction, the validated tasks wanted, the requests tried at most."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    focus: str | None = None
    tasks: int = Field(ge=1)
    max_queries: int | None = Field(default=None, ge=1)

    def round(self) -> Round:
        """The round as the flow takes it (three requests per task wanted by default)."""
        focus = self.focus.strip() if self.focus and self.focus.strip() else None
        return Round(focus, self.tasks, self.max_queries or 3 * self.tasks)


class GenerationParams(Options):
    """Everything a generation session takes (each key explained in docs/generation.md).

    ``max_cost_usd`` needs the model's price in ``params/prices.yaml``; ``examples_from`` names the
    set whose tasks are worked examples and whose requests a new one must not repeat.
    """

    model_config = ConfigDict(extra="forbid")

    model: Name
    base_url: EndpointURL | None = None
    api_key_env: Name | None = None
    temperature: Annotated[Temperature, Field(le=2)] | None = 0.7
    max_tokens: int | None = Field(default=None, ge=1)
    request_timeout_s: Seconds | None = None
    max_cost_usd: Dollars | None = None
    cache: bool = True
    cache_dir: str | None = None
    out: str = "data/generated"
    first_id: int = Field(default=2001, ge=1)
    session: str = "runs/generate/session.jsonl"
    prompts_dir: str | None = None
    examples_from: str | None = "data/aspera_workbench_v1"
    examples: int = Field(default=2, ge=0, le=10)
    apps: list[str] = Field(default_factory=lambda: list(APPS))
    guidelines: str | None = None
    rounds: list[RoundParams] = Field(default_factory=lambda: [RoundParams(tasks=5)], min_length=1)
    per_request: int = Field(default=5, ge=1, le=50)
    max_repairs: int = Field(default=2, ge=0, le=10)
    mutants: int = Field(default=8, ge=0)
    rewrites: int = Field(default=2, ge=0)
    seed: int = 0
    workers: int | None = Field(default=None, ge=1)
    timeout_s: float = Field(default=10.0, gt=0, allow_inf_nan=False)

    @classmethod
    def unknown_key_advice(cls, key: str, value: Any) -> str:
        """A key of a round given at the top level is told where it belongs, as an override that puts it there."""
        if key not in RoundParams.model_fields:
            return super().unknown_key_advice(key, value)
        shown = "..."
        if isinstance(value, int | float) and not isinstance(value, bool):
            shown = str(value)
        elif isinstance(value, str) and "'" not in value:  # quoted unless YAML reads it back as it is
            shown = value if re.fullmatch(r"[A-Za-z][\w .-]*", value) else json.dumps(value)
        body = ", ".join(f"{name}: {entry}" for name, entry in {"tasks": 1, key: shown}.items())
        return f"; {key} is a key of each round: -p 'rounds=[{{{body}}}]'"

    @field_validator("apps")
    @classmethod
    def _known_apps(cls, value: list[str]) -> list[str]:
        unknown = [app for app in value if app not in CORE_MODULES]
        if unknown or not value:
            raise ValueError(f"unknown app(s) {', '.join(unknown) or '(none given)'}; known: {', '.join(CORE_MODULES)}")
        return value

    @model_validator(mode="after")
    def _distinct_focus(self) -> GenerationParams:
        focuses = [round_.round().focus for round_ in self.rounds]
        if len(set(focuses)) != len(focuses):
            raise ValueError("rounds: two rounds have the same focus; give one round per focus instruction")
        return self


def load_generation_params(
    path: str | os.PathLike[str] | None = None, overrides: Iterable[str] = ()
) -> GenerationParams:
    """Read a generation parameter file (``None``: none) and apply ``key=value`` overrides in order.

    Raises:
        ParamsError: unreadable file, not a mapping, unknown key, wrong value.
    """
    values = read_params_file(path) if path is not None else {}
    for text in overrides:
        key, value = parse_override(text)
        values[key] = value
    return validated(GenerationParams, values, ParamsError)
