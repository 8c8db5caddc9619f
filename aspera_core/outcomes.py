"""The outcome vocabulary and the result objects of one evaluation.

Every part of the workbench (executor, result rows, summaries, notebooks) uses
the same outcome names. This module depends on nothing else in the package, so
reading results never loads the sandbox. A task is evaluated pair by pair (one setup
program and one evaluation program per pair); :func:`combine_pairs` turns the
per-pair results into the task's verdict following the evaluation protocol.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Outcome(StrEnum):
    """How the evaluation of one program on one task ended.

    Members are declared in the order tables and figures show them.
    """

    SUCCESS = "success"
    """Every setup/evaluation pair ran and the evaluation program raised nothing."""
    TASK_COMPLETION_ERROR = "task_completion_error"
    """The program ran, but the evaluation program found the wrong effect or answer."""
    HANDBACK_CONTROL = "handback_control"
    """The program raised ``RequiresUserInput`` where the evaluation program expected it to act."""
    EXECUTION_ERROR = "execution_error"
    """The program (or its setup) raised, the worker died, or the program tampered with the evaluator."""
    SYNTAX_ERROR = "syntax_error"
    """The program does not compile; no pair was run."""
    PARSE_ERROR = "parse_error"
    """No program could be found (no function definition in the submitted text)."""
    TIMEOUT = "timeout"
    """The wall-clock (or CPU-time) limit was exceeded."""
    RESOURCE_ERROR = "resource_error"
    """The memory cap or another resource limit was exceeded."""
    MODEL_ERROR = "model_error"
    """No program was obtained: the model endpoint still failed after its retries.

    Not a verdict on any program: summaries show it apart, and a resumed run
    asks the model again."""


#: Where the exception that ended a pair came from (``PairResult.origin``).
ORIGIN_PROGRAM = "program"
ORIGIN_SETUP = "setup"
ORIGIN_EVALUATION = "evaluation"
ORIGIN_HARNESS = "harness"
ORIGIN_WORKER = "worker"


@dataclass(frozen=True)
class PairResult:
    """Result of running one setup/evaluation pair; ``origin`` is one of the ``ORIGIN_*`` names (``None`` on success)."""

    index: int
    outcome: Outcome
    error_type: str | None = None
    message: str | None = None
    traceback: str | None = None
    origin: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-compatible dictionary (the outcome as its string value).

        Built field by field, without functions that rely on builtins: it runs
        in a worker after the program, which may have replaced them.
        """
        return {
            "index": self.index,
            "outcome": self.outcome.value,
            "error_type": self.error_type,
            "message": self.message,
            "traceback": self.traceback,
            "origin": self.origin,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PairResult:
        """Rebuild a result written by :meth:`to_json`.

        Raises:
            KeyError, ValueError, TypeError: ``data`` is not such a dictionary.
        """
        return cls(
            index=int(data["index"]),
            outcome=Outcome(data["outcome"]),
            error_type=data.get("error_type"),
            message=data.get("message"),
            traceback=data.get("traceback"),
            origin=data.get("origin"),
        )


@dataclass(frozen=True)
class Verdict:
    """The evaluation of one program on one task: the fields of a result row that the executor decides.

    ``world`` is filled only when asked for (``Job(capture_world=True)``): for
    each pair whose evaluation program called the program, ``{"pair": index,
    "before": tables, "after": tables}``, the world's tables as JSON data just
    before the program's first call and just after it (``None`` for a world that
    could not be read). ``footprints`` likewise (``Job(footprints=True)``): one
    footprint per pair whose evaluation program called the program, as JSON data
    (``aspera_core.grading.Footprint.to_json``).
    """

    outcome: Outcome
    error_type: str | None = None
    message: str | None = None
    traceback: str | None = None
    pairs_run: int = 0
    pairs_total: int = 0
    duration_s: float = 0.0
    stdout: str = ""
    stderr: str = ""
    return_value: str | None = None
    pairs: tuple[PairResult, ...] = field(default=())
    world: tuple[dict[str, Any], ...] = field(default=())
    footprints: tuple[dict[str, Any], ...] = field(default=())


def combine_pairs(pairs: list[PairResult] | tuple[PairResult, ...]) -> PairResult | None:
    """The pair result that decides a task's outcome, or ``None`` when every pair succeeded (or there is none).

    The protocol: a task-completion error ends the task with that outcome; the
    task succeeds iff every pair succeeded; otherwise it is a hand-back if any
    pair handed back, else the first failing pair decides.
    """
    for pair in pairs:
        if pair.outcome is Outcome.TASK_COMPLETION_ERROR:
            return pair
    failures = [pair for pair in pairs if pair.outcome is not Outcome.SUCCESS]
    if not failures:
        return None
    for pair in failures:
        if pair.outcome is Outcome.HANDBACK_CONTROL:
            return pair
    return failures[0]
