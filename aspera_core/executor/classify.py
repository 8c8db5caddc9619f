"""Deciding a pair's outcome from the exception that ended it.

Classification looks at exception *types* and at where the exception came
from, never at text printed on stderr. The original evaluator matched the last
stderr line against class names; recognising the same class names through the
exception's class hierarchy keeps its verdicts for every program it judged
correctly, including programs that define their own ``RequiresUserInput``.

Origins: the harness wraps the callables it hands to the evaluation program,
so it knows whether an exception escaped the candidate program, the setup
program, or was raised by the evaluation program itself.
"""

from __future__ import annotations

import builtins
import traceback as traceback_module
from pathlib import Path
from types import TracebackType

from aspera_core.outcomes import (  # noqa: F401 - the origins are re-exported
    ORIGIN_EVALUATION,
    ORIGIN_HARNESS,
    ORIGIN_PROGRAM,
    ORIGIN_SETUP,
    ORIGIN_WORKER,
    Outcome,
)

#: Exception class names (anywhere in the class hierarchy) that mean "the
#: program did the wrong thing" (task-completion error).
TASK_COMPLETION_NAMES = frozenset({"SolutionError"})
#: Class names that mean "the program handed control back to the user".
#: ``RequiresUserInputError`` is a never-raised compatibility class of the
#: library; the original's text match counted it as a hand-back too.
HANDBACK_NAMES = frozenset({"RequiresUserInput", "RequiresUserInputError"})


MAX_MESSAGE_CHARS = 4_000
MAX_TRACEBACK_CHARS = 16_000

_EXECUTOR_DIR = str(Path(__file__).resolve().parent)


def _class_names(exc: BaseException) -> set[str]:
    return {cls.__name__ for cls in type(exc).__mro__}


def is_solution_validation_error(exc: BaseException) -> bool:
    """Whether ``exc`` is a pydantic ``ValidationError`` carrying a ``SolutionError`` error.

    The library's ``Employee`` model rejects hand-built employees this way; the
    original counted it as a task-completion error.

    Args:
        exc: Any exception.

    Returns:
        True for a pydantic validation error with an error of type ``SolutionError``.
    """
    errors = getattr(exc, "errors", None)
    if type(exc).__name__ != "ValidationError" or not callable(errors):
        return False
    try:
        return any(error.get("type") == "SolutionError" for error in errors())
    except Exception:  # a foreign class that merely shares the name
        return False


def classify(exc: BaseException, origin: str) -> Outcome:
    """Outcome of a pair that ended with ``exc``.

    Args:
        exc: The exception that escaped the evaluation program (or the
            program's module code).
        origin: Where it was raised: one of the ``ORIGIN_*`` constants.

    Returns:
        The pair's outcome. In order: ``MemoryError`` is a resource error;
        anything escaping the setup program is an execution error;
        ``SolutionError`` (by class name) or a pydantic ``SolutionError``
        validation error is a task-completion error; a bare ``AssertionError``
        is a task-completion error when the evaluation program raised it and an
        execution error when it escaped the candidate program;
        ``RequiresUserInput`` is a hand-back; everything else (``SystemExit``
        included) is an execution error.
    """
    if isinstance(exc, MemoryError):
        return Outcome.RESOURCE_ERROR
    if origin in (ORIGIN_SETUP, ORIGIN_HARNESS):
        return Outcome.EXECUTION_ERROR
    names = _class_names(exc)
    if names & TASK_COMPLETION_NAMES or is_solution_validation_error(exc):
        return Outcome.TASK_COMPLETION_ERROR
    if names & HANDBACK_NAMES:
        return Outcome.HANDBACK_CONTROL
    if isinstance(exc, AssertionError) and origin == ORIGIN_EVALUATION:
        return Outcome.TASK_COMPLETION_ERROR
    return Outcome.EXECUTION_ERROR


def error_type_name(exc: BaseException) -> str:
    """Qualified class name of an exception, as the original reported it.

    Args:
        exc: Any exception.

    Returns:
        ``QualName`` for built-in exceptions, ``module.QualName`` otherwise.
    """
    cls = type(exc)
    if cls.__module__ == "builtins" and getattr(builtins, cls.__name__, None) is cls:
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


def bounded(text: str, limit: int, keep: str = "head") -> str:
    """Cut ``text`` to at most about ``limit`` characters, marking the cut.

    Args:
        text: Any text.
        limit: Maximum number of characters kept.
        keep: ``"head"`` keeps the beginning, ``"tail"`` the end.

    Returns:
        ``text`` itself when short enough, else the kept part with a marker.
    """
    if len(text) <= limit:
        return text
    dropped = len(text) - limit
    if keep == "tail":
        return f"[... {dropped} characters cut ...]\n" + text[-limit:]
    return text[:limit] + f"\n[... {dropped} characters cut ...]"


def exception_message(exc: BaseException) -> str:
    """``str(exc)``, bounded, never raising (a hostile ``__str__`` is survived)."""
    try:
        text = str(exc)
    except BaseException as error:  # noqa: BLE001 - any failure of user code
        text = f"<message unavailable: {type(error).__name__}>"
    return bounded(text, MAX_MESSAGE_CHARS)


def _drop_executor_frames(te: traceback_module.TracebackException) -> None:
    seen: set[int] = set()
    stack = [te]
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        frames = [f for f in current.stack if not f.filename.startswith(_EXECUTOR_DIR)]
        current.stack[:] = frames
        for linked in (current.__cause__, current.__context__):
            if linked is not None:
                stack.append(linked)


def format_traceback(exc: BaseException, tb: TracebackType | None = None) -> str:
    """Formatted traceback of ``exc`` without the executor's own frames, bounded.

    Args:
        exc: The exception.
        tb: Its traceback (defaults to ``exc.__traceback__``).

    Returns:
        The traceback text (the tail is kept when it is too long); a short
        fallback text if formatting itself fails.
    """
    try:
        te = traceback_module.TracebackException(
            type(exc), exc, tb if tb is not None else exc.__traceback__, compact=True
        )
        _drop_executor_frames(te)
        text = "".join(te.format())
    except BaseException as error:  # noqa: BLE001 - a hostile __str__ or a recursion
        text = f"{error_type_name(exc)} (traceback unavailable: {type(error).__name__})\n"
    return bounded(text, MAX_TRACEBACK_CHARS, keep="tail")
