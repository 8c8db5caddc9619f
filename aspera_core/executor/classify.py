"""Deciding a pair's outcome from the exception that ended it: by class (names anywhere in the hierarchy, so a
program's own ``RequiresUserInput`` counts) and origin, never by text on stderr.
"""

from __future__ import annotations

import builtins
import traceback as traceback_module
from pathlib import Path
from typing import Any

from aspera_core.outcomes import ORIGIN_EVALUATION, ORIGIN_HARNESS, ORIGIN_SETUP, Outcome

#: Class names (anywhere in the hierarchy) meaning "the program did the wrong thing".
TASK_COMPLETION_NAMES = frozenset({"SolutionError"})
#: Class names meaning "the program handed control back to the user"
#: (``RequiresUserInputError`` is a compatibility class the original's text match also caught).
HANDBACK_NAMES = frozenset({"RequiresUserInput", "RequiresUserInputError"})
MAX_MESSAGE_CHARS = 4_000
MAX_TRACEBACK_CHARS = 16_000
EXECUTOR_DIR = str(Path(__file__).resolve().parent)
_REMOTE = "_aspera_remote"  # the attribute of an exception rebuilt from a candidate's description


def remember_remote(exc: BaseException, parts: tuple[Any, ...]) -> None:
    """Keep with ``exc`` (rebuilt by :mod:`~aspera_core.executor.wire`) the text and traceback it had there."""
    exc.__dict__[_REMOTE] = parts


def remote_parts(exc: BaseException) -> tuple[Any, ...] | None:
    """(text, chain prefix, frames, exception-only) of an exception rebuilt from a candidate, else ``None``; each
    part of the traceback is (its last characters, its length)."""
    try:
        parts = exc.__dict__.get(_REMOTE)
    except AttributeError:
        return None
    return parts if type(parts) is tuple else None


def is_solution_validation_error(exc: BaseException) -> bool:
    """Whether ``exc`` is a pydantic ``ValidationError`` with an error of type ``SolutionError`` (``Employee``)."""
    errors = getattr(exc, "errors", None)
    if type(exc).__name__ != "ValidationError" or not callable(errors):
        return False
    try:
        return any(error.get("type") == "SolutionError" for error in errors())
    except Exception:  # a foreign class that merely shares the name
        return False


def classify(exc: BaseException, origin: str) -> Outcome:
    """Outcome of a pair that ended with ``exc``, raised at ``origin`` (an ``ORIGIN_*`` constant).

    ``MemoryError``: resource error; from the setup or the harness: execution error; ``SolutionError`` (by class
    name or in a validation error): task-completion error; ``RequiresUserInput``: hand-back; the evaluation
    program's ``AssertionError``: task-completion error; anything else: execution error.
    """
    if isinstance(exc, MemoryError):
        return Outcome.RESOURCE_ERROR
    if origin in (ORIGIN_SETUP, ORIGIN_HARNESS):
        return Outcome.EXECUTION_ERROR
    cls = type(exc)
    names = cls.original_names if getattr(cls, "program_error", False) else {c.__name__ for c in cls.__mro__}
    if names & TASK_COMPLETION_NAMES or is_solution_validation_error(exc):
        return Outcome.TASK_COMPLETION_ERROR
    if names & HANDBACK_NAMES:
        return Outcome.HANDBACK_CONTROL
    if isinstance(exc, AssertionError) and origin == ORIGIN_EVALUATION:
        return Outcome.TASK_COMPLETION_ERROR
    return Outcome.EXECUTION_ERROR


def error_type_name(exc: BaseException) -> str:
    """Class name as the original reported it: ``QualName`` for builtin exceptions, else ``module.QualName``."""
    cls = type(exc)
    if cls.__module__ == "builtins" and getattr(builtins, cls.__name__, None) is cls:
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


def bounded(text: str, limit: int, keep: str = "head") -> str:
    """``text`` cut to about ``limit`` characters (``keep``: ``"head"`` or ``"tail"``), the cut marked."""
    if len(text) <= limit:
        return text
    dropped = len(text) - limit
    if keep == "tail":
        return f"[... {dropped} characters cut ...]\n" + text[-limit:]
    return text[:limit] + f"\n[... {dropped} characters cut ...]"


def exception_message(exc: BaseException) -> str:
    """``str(exc)``, bounded, never raising (a hostile ``__str__`` is survived); for an exception rebuilt from a
    candidate, the text it had there."""
    remote = remote_parts(exc)
    if remote is not None:
        return remote[0]  # (bounded there)
    try:
        text = str(exc)
    except BaseException as error:  # noqa: BLE001 - any failure of user code
        text = f"<message unavailable: {type(error).__name__}>"
    return bounded(text, MAX_MESSAGE_CHARS)


def without_executor_frames(exc: BaseException) -> traceback_module.TracebackException:
    """The traceback of ``exc`` and of the exceptions chained to it, the executor's own frames removed."""
    formatted = traceback_module.TracebackException(type(exc), exc, exc.__traceback__, compact=True)
    seen: set[int] = set()
    stack = [formatted]
    while stack:
        current = stack.pop()
        if id(current) not in seen:
            seen.add(id(current))
            current.stack[:] = [f for f in current.stack if not f.filename.startswith(EXECUTOR_DIR)]
            stack += [linked for linked in (current.__cause__, current.__context__) if linked is not None]
    return formatted


def format_traceback(exc: BaseException) -> str:
    """The traceback of ``exc`` without the executor's frames, its tail kept; never raises.

    An exception rebuilt from a candidate's description (:mod:`~aspera_core.executor.wire`) continues, below the
    judge's frames, with the frames and chained exceptions the candidate formatted, so the text reads as it
    would have had the program run in this process."""
    try:
        formatted = without_executor_frames(exc)
        pieces = _format_chain(formatted, exc)
    except BaseException as error:  # noqa: BLE001
        text = f"{error_type_name(exc)} (traceback unavailable: {type(error).__name__})\n"
        return bounded(text, MAX_TRACEBACK_CHARS, keep="tail")
    total = sum(length for _, length in pieces)
    if total <= MAX_TRACEBACK_CHARS:
        return "".join(text for text, _ in pieces)
    tail, kept = [], 0
    for text, _ in reversed(pieces):  # (a candidate's parts keep at least as many characters as shown)
        tail.append(text)
        kept += len(text)
        if kept >= MAX_TRACEBACK_CHARS:
            break
    return f"[... {total - MAX_TRACEBACK_CHARS} characters cut ...]\n" + "".join(reversed(tail))[-MAX_TRACEBACK_CHARS:]


_CAUSE = "\nThe above exception was the direct cause of the following exception:\n\n"
_CONTEXT = "\nDuring handling of the above exception, another exception occurred:\n\n"


def _format_chain(formatted: traceback_module.TracebackException, exc: BaseException) -> list[tuple[str, int]]:
    """``TracebackException.format`` (chained, no groups' details), splicing in what candidates formatted:
    pieces of text and the length each stands for (a candidate's part may be its tail)."""
    chain: list[tuple[str | None, traceback_module.TracebackException, BaseException | None]] = []
    current, value, seen = formatted, exc, set()
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if current.__cause__ is not None:
            message, following = _CAUSE, (current.__cause__, getattr(value, "__cause__", None))
        elif current.__context__ is not None and not current.__suppress_context__:
            message, following = _CONTEXT, (current.__context__, getattr(value, "__context__", None))
        else:
            message, following = None, (None, None)
        chain.append((message, current, value))
        current, value = following
    if all(value is None or remote_parts(value) is None for _, _, value in chain):
        return [(text, len(text)) for text in formatted.format()]
    lines: list[str] = []
    pieces: list[tuple[str, int]] = []
    for message, current, value in reversed(chain):
        if message is not None:
            lines.append(message)
        remote = remote_parts(value) if value is not None else None
        if remote is not None:
            _, prefix, frames, only = remote
            pieces += [(text, len(text)) for text in lines] + [prefix]
            lines = ["Traceback (most recent call last):\n", *current.stack.format()]
            pieces += [(text, len(text)) for text in lines] + [frames, only]
            lines = []
            continue
        if current.stack:
            lines.append("Traceback (most recent call last):\n")
            lines += current.stack.format()
        lines += current.format_exception_only()
    return pieces + [(text, len(text)) for text in lines]
