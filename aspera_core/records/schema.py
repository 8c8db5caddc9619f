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
    """How one setup/evaluation pair of a task ended.

    Attributes:
        index: 0-based position of the pair in the task.
        outcome: The pair's outcome.
        origin: Where the exception that ended it came from: ``program``
            (the candidate), ``setup``, ``evaluation``, ``harness`` (the task's
            own programs could not be prepared) or ``worker`` (the process
            ended without a report); ``None`` on success.
        error_type: Qualified class name of that exception.
        message: Its message (bounded).
    """

    model_config = _FROZEN

    index: int = Field(ge=0)
    outcome: Outcome
    origin: str | None = None
    error_type: str | None = None
    message: str | None = None


class Usage(BaseModel):
    """Tokens a model consumed for one row (all its requests together).

    Attributes:
        prompt_tokens: Prompt tokens of the row's answers; ``None`` when an answer's
            count is unknown (the endpoint reported no usage), never 0 in its place.
        completion_tokens: Completion tokens, likewise.
        total_tokens: Their total as reported, likewise.
        requests_without_usage: Answers for which the endpoint reported no token counts
            (files written before this field read as 0: their rows said 0 tokens instead).
    """

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
    """How a model produced the program of a row.

    Attributes:
        template_version: Version of the prompt template(s) used.
        prompt_sha256: SHA-256 of the final prompt (the messages as JSON);
            the prompt itself is stored once in the run's prompt store.
        completion: The model's raw final answer, kept even when no program
            could be parsed from it.
        usage: Tokens of every request made for this row.
        cost_usd: What those requests cost when they were first sent (``None``
            when the model's price is unknown).
        spent_usd: What this row added to the run's spending (0 when every
            answer came from the cache; ``None`` when a fresh answer's price is unknown).
        latency_s: Seconds spent waiting for the model.
        requests: Model calls answered for this row (one per turn; the retries of a call,
            and a call that failed after its retries, are not counted: see ``error``).
        cached: Every answer came from the on-disk cache.
        error: Why no program was obtained (``model_error`` rows).
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


class Selection(BaseModel):
    """Library names an agent chose before writing (primitive selection), scored against the reference.

    Attributes:
        selected: Names the agent imported.
        reference: Library names the reference program uses.
        precision: Share of selected names that the reference uses (``None`` if none selected).
        recall: Share of reference names that were selected (``None`` if the reference uses none).
        f1: Harmonic mean of the two (``None`` when either is undefined).
    """

    model_config = _FROZEN

    selected: tuple[str, ...] = ()
    reference: tuple[str, ...] = ()
    precision: float | None = Field(default=None, ge=0, le=1)
    recall: float | None = Field(default=None, ge=0, le=1)
    f1: float | None = Field(default=None, ge=0, le=1)


class ResultRow(BaseModel):
    """One program evaluated on one task (one line of a results file).

    Attributes:
        task_id: The task's ``query_id``.
        query: The user request, copied for convenience.
        tags: The task's tags.
        agent: Name of the agent that wrote the program (``reference``, ``cck``, ...).
        model: Model behind the agent (``None`` for built-in agents).
        setting: The agent's setting (``cck``, ``ps``, ``explore``, ``control``),
            ``None`` for built-in agents.
        seed: Sampling seed (or variant seed); ``None`` where the agent has none.
        program: The program exactly as evaluated (empty when none was obtained).
        outcome: How the evaluation ended (see :class:`~aspera_core.outcomes.Outcome`).
        error_type: Qualified exception class name behind a failure.
        message: The exception's message (bounded).
        traceback: The formatted traceback of the deciding failure (bounded).
        duration_s: Seconds spent evaluating.
        pairs_run: Setup/evaluation pairs started.
        pairs_total: Setup/evaluation pairs the task has.
        pairs: How each pair that ran ended.
        run_id: The ``aspera run`` invocation that wrote the row (a resumed run gets a new one).
        started_at: UTC time (ISO 8601) at which the evaluation started.
        stdout: Tail of what was printed to stdout during the evaluation.
        stderr: Tail of stderr (log records, warnings, operations the sandbox refused).
        return_value: ``repr`` of the program's last return value (bounded).
        library_fixes: The library ran with its documented fixes switched on
            (``False``: the original's behaviour, comparable with the paper).
        generation: How a model produced the program (model-backed agents).
        selection: Primitive selection and its scores (the ``ps`` setting).
        mutation: What was changed in the reference program (the ``mutant`` agent).
        details: Anything else an agent records (e.g. an exploring agent's
            transcript and budgets), as JSON values.
    """

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

    @property
    def key(self) -> tuple[str, int | None]:
        """``(task_id, seed)``: what a resumed run looks up."""
        return (self.task_id, self.seed)


class Experiment(BaseModel):
    """What makes two runs the same experiment, so that their rows may share a file.

    Attributes:
        agent: Agent name.
        model: Model name, or ``None``.
        setting: Agent setting, or ``None``.
        parameters: Everything else that shapes the programs (sampling
            parameters, prompt template version, the digest of a replayed
            file...), as JSON values.
        task_set: The task set as the user named it (shown, never compared:
            the same tasks may live at different paths).
        task_set_digest: Digest of the task set's content.
        library_fixes: Whether the library's documented fixes were on.
        workbench_version: Version of the workbench that wrote the file.
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
    """First line of a results file.

    Attributes:
        aspera_results: The file's format version (its presence marks the file
            as a results file of this workbench).
        experiment: The experiment every row of the file belongs to.
        created_at: UTC time (ISO 8601) at which the file was created.
    """

    model_config = _FROZEN

    aspera_results: int = Field(ge=2)
    experiment: Experiment
    created_at: str = ""
