"""What a results file holds: a header naming its experiment, then one row per evaluated program.

This schema is the contract between the runner, which writes results files, and
the summaries, analysis functions and notebooks, which read them. Every model
is frozen and rejects unknown fields, so a typo or a file from an incompatible
version fails loudly instead of silently losing data.

A results file (format 2) is JSON Lines: the first line is a
:class:`ResultsHeader`, every other line a :class:`ResultRow`. Files written
before the header existed (format 1) hold rows only; they are still read, but
never appended to, because nothing says which experiment they belong to.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from aspera_core.outcomes import Outcome

#: Version of the results-file layout written by this workbench.
FORMAT_VERSION = 2

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class PairDetail(BaseModel):
    """How one setup/evaluation pair of a task ended (fields: docs/running.md, "The row")."""

    model_config = _FROZEN

    index: int = Field(ge=0)
    outcome: Outcome
    origin: str | None = None
    error_type: str | None = None
    message: str | None = None


class Usage(BaseModel):
    """Tokens a model consumed for one row; a count is ``None`` rather than 0 when an answer came without one."""

    model_config = _FROZEN

    prompt_tokens: int | None = Field(default=0, ge=0)
    completion_tokens: int | None = Field(default=0, ge=0)
    total_tokens: int | None = Field(default=0, ge=0)
    requests_without_usage: int = Field(default=0, ge=0)

    @property
    def known(self) -> bool:
        """Every answer of the row reported its token counts."""
        return self.requests_without_usage == 0 and self.total_tokens is not None


class Generation(BaseModel):
    """How a model produced the program of a row (fields: docs/running.md, "The row").

    The prompt itself is stored once in the run's prompt store; ``prompt_sha256`` names it.
    ``completion`` is the answer the program was read from, without the model's thinking, which
    is ``reasoning``. The fields after ``error`` came later: files written before load with
    their defaults (nothing known of a cut or of thinking).
    """

    model_config = _FROZEN

    template_version: str | None = None
    prompt_sha256: str | None = None
    completion: str | None = None
    usage: Usage = Usage()
    cost_usd: float | None = Field(default=None, ge=0)
    spent_usd: float | None = Field(default=0.0, ge=0)
    latency_s: float = Field(default=0.0, ge=0)
    requests: int = Field(default=0, ge=0)
    cached: bool = False
    error: str | None = None
    # The answer the program was read from: how it ended, and whether the token limit cut it.
    finish_reason: str | None = None
    truncated: bool = False
    # The model's thinking: the text of that answer's, and how long all of the row's answers' was
    # (``reasoning_tokens``: as the endpoint reported them, ``None`` unless every answer did).
    reasoning: str | None = None
    reasoning_chars: int | None = Field(default=None, ge=0)
    reasoning_tokens: int | None = Field(default=None, ge=0)
    # The endpoint reported fewer prompt tokens than a prompt of the row had words: it did not see it whole.
    prompt_truncated: bool = False


class Selection(BaseModel):
    """Library names an agent chose before writing (primitive selection), scored against the reference."""

    model_config = _FROZEN

    selected: tuple[str, ...] = ()
    reference: tuple[str, ...] = ()
    precision: float | None = Field(default=None, ge=0, le=1)
    recall: float | None = Field(default=None, ge=0, le=1)
    f1: float | None = Field(default=None, ge=0, le=1)


class ResultRow(BaseModel):
    """One program evaluated on one task: one line of a results file (fields: docs/running.md, "The row")."""

    model_config = _FROZEN

    task_id: str
    query: str
    tags: tuple[str, ...] = ()
    agent: str
    model: str | None = None
    setting: str | None = None
    seed: int | None = None
    program: str
    outcome: Outcome
    error_type: str | None = None
    message: str | None = None
    traceback: str | None = None
    duration_s: float = Field(ge=0)
    pairs_run: int = Field(ge=0)
    pairs_total: int = Field(default=0, ge=0)
    pairs: tuple[PairDetail, ...] = ()
    run_id: str = ""
    started_at: str = ""
    stdout: str = ""
    stderr: str = ""
    return_value: str | None = None
    library_fixes: bool = False
    generation: Generation | None = None
    selection: Selection | None = None
    mutation: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)
    # The checked verdict (aspera_core.grading): None in files written before it existed, and where it could not
    # be taken; then it is unknown, never guessed.
    checked_outcome: str | None = None
    checked_reasons: tuple[str, ...] = ()

    @property
    def key(self) -> tuple[str, int | None]:
        """``(task_id, seed)``: what a resumed run looks up."""
        return (self.task_id, self.seed)


class Experiment(BaseModel):
    """What makes two runs the same experiment, so that their rows may share a file (docs/running.md).

    ``task_set`` is the set as the user named it: shown, never compared, since the
    same tasks may live at different paths; ``task_set_digest`` identifies them.
    """

    model_config = _FROZEN

    agent: str
    model: str | None = None
    setting: str | None = None
    parameters: dict[str, Any] = Field(default_factory=dict)
    task_set: str = ""
    task_set_digest: str
    library_fixes: bool = False
    workbench_version: str

    def differences(self, other: Experiment) -> list[str]:
        """Fields (other than ``task_set``) on which two experiments differ, as ``name: a != b``."""
        mine, theirs = self.model_dump(exclude={"task_set"}), other.model_dump(exclude={"task_set"})
        return [f"{name}: {mine[name]!r} != {theirs[name]!r}" for name in mine if mine[name] != theirs[name]]


class ResultsHeader(BaseModel):
    """First line of a results file; ``aspera_results`` (the format version) marks it as one."""

    model_config = _FROZEN

    aspera_results: int = Field(ge=2)
    experiment: Experiment
    created_at: str = ""
