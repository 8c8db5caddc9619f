"""The result row: one evaluated program on one task, as stored in a results file.

This schema is the contract between the runner, which writes rows, and the
notebooks and summaries, which read them. Rows are frozen and reject unknown
fields, so a typo or a file from an incompatible version fails loudly instead
of silently losing data.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from aspera_core.outcomes import Outcome


class ResultRow(BaseModel):
    """One line of a results file.

    Attributes:
        task_id: The task's ``query_id``.
        query: The user request, copied for convenience.
        agent: Name of the agent that wrote the program (``reference``, ``noop``, ...).
        model: Model behind the agent (``None`` for built-in agents).
        seed: Sampling seed of the model, if any.
        program: The program exactly as evaluated.
        outcome: How the evaluation ended (see :class:`~aspera_core.executor.Outcome`).
        error_type: Qualified exception class name behind a failure.
        message: The exception's message (bounded).
        traceback: The formatted traceback (bounded).
        duration_s: Seconds spent evaluating (measured in the worker when it
            reported; wall clock of the whole worker otherwise).
        pairs_run: Setup/evaluation pairs started.
        pairs_total: Setup/evaluation pairs the task has.
        run_id: Identifier of the ``aspera run`` invocation that wrote the row
            (a resumed run gets a new one).
        started_at: UTC time (ISO 8601) at which the evaluation was started.
        stdout: Tail of what was printed to stdout during the evaluation.
        stderr: Tail of stderr (log records, warnings, operations the sandbox refused).
        return_value: ``repr`` of the program's last return value (bounded).
        tags: The task's tags.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    task_id: str
    query: str
    agent: str
    model: str | None = None
    seed: int | None = None
    program: str
    outcome: Outcome
    error_type: str | None = None
    message: str | None = None
    traceback: str | None = None
    duration_s: float = Field(ge=0)
    pairs_run: int = Field(ge=0)
    pairs_total: int = Field(default=0, ge=0)
    run_id: str = ""
    started_at: str = ""
    stdout: str = ""
    stderr: str = ""
    return_value: str | None = None
    tags: tuple[str, ...] = ()
