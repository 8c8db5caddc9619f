"""Reading program text: the function a program defines, and compiling it.

The evaluation protocol names a program's function by a textual rule (format
part B.3): the first line that looks like a ``def`` header. For a candidate
program, top-level ``aspera`` import lines are removed before the search.
Programs are compiled with ``optimize=0`` whatever the interpreter's ``-O``
setting, because evaluation programs are built from ``assert`` statements.
"""

from __future__ import annotations

import functools
import linecache
import re
from types import CodeType

# The first ``def name(...)`` header of a text; ``[^)]*`` may span lines,
# which covers headers wrapped over several lines.
_FUNCTION_HEADER = re.compile(r"^\s*def\s+(\w+)\s*\([^)]*\)\s*(->\s*[^:]+)?\s*:", re.MULTILINE)

# Anything that looks like the start of a function definition.
_ANY_DEF = re.compile(r"^\s*(?:async\s+)?def\s+\w+", re.MULTILINE)

# A top-level import of the original release's package, on one line.
_ASPERA_IMPORT = re.compile(r"^(?:from\s+aspera(?:\.[\w.]*)?\s+import\b.*|import\s+aspera\b.*)$", re.MULTILINE)

#: Exceptions ``compile`` raises for text that is not a valid module.
COMPILE_ERRORS = (SyntaxError, ValueError, OverflowError, RecursionError)


def function_name(text: str) -> str | None:
    """Name in the first ``def`` header of ``text`` (rule B.3).

    Args:
        text: Python source (it need not compile).

    Returns:
        The function name, or ``None`` when no header is found.
    """
    match = _FUNCTION_HEADER.search(text)
    return match.group(1) if match else None


def has_definition(text: str) -> bool:
    """Whether ``text`` contains anything that starts like a function definition.

    Text without one (prose, an empty answer) is not a program at all: a
    parse error rather than a syntax error.
    """
    return _ANY_DEF.search(text) is not None


def solution_name(program: str) -> str | None:
    """Name of a candidate program's solution function.

    Top-level ``from aspera... import`` / ``import aspera...`` lines are removed
    first, as the original evaluator does, then :func:`function_name` applies.

    Args:
        program: The candidate program as submitted.

    Returns:
        The solution function's name, or ``None`` if the text defines none.
    """
    return function_name(_ASPERA_IMPORT.sub("", program))


def compile_source(text: str, filename: str, *, cached: bool = False) -> CodeType:
    """Compile a module's source and make its lines available to tracebacks.

    Args:
        text: Python source of a whole module.
        filename: Pseudo file name shown in tracebacks, e.g. ``<program>``.
        cached: Reuse the code object of an earlier compilation of the same
            text and file name. Meant for a task's setup and evaluation
            programs, which are evaluated again and again (and compiled once
            before the sandbox forks its workers); code objects are immutable,
            so sharing them is safe.

    Returns:
        The module code object.

    Raises:
        SyntaxError, ValueError, OverflowError, RecursionError: ``text`` does
            not compile (see :data:`COMPILE_ERRORS`).
    """
    code = _compile_cached(text, filename) if cached else _compile(text, filename)
    # Tracebacks read source lines through linecache; a pseudo file name has no
    # file on disk, so the text is registered under that name.
    linecache.cache[filename] = (len(text), None, text.splitlines(keepends=True), filename)
    return code


def _compile(text: str, filename: str) -> CodeType:
    return compile(text, filename, "exec", dont_inherit=True, optimize=0)


# Bounded: a task set has a few hundred setup and evaluation programs.
_compile_cached = functools.lru_cache(maxsize=4096)(_compile)
