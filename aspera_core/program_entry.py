"""Reading program text: which function a program defines (format rule B.3).

The evaluation protocol names a program's function by a textual rule: the
first line that looks like a ``def`` header. For a candidate program, its
top-level ``aspera`` import lines are removed before the search. Task files,
agents and the executor all use the helpers here, so they agree on the rule.
This module depends on nothing else in the package.
"""

from __future__ import annotations

import re

#: The first ``def name(...)`` header of a text; ``[^)]*`` may span lines,
#: which covers headers wrapped over several lines.
FUNCTION_HEADER = re.compile(r"^\s*def\s+(\w+)\s*\([^)]*\)\s*(->\s*[^:]+)?\s*:", re.MULTILINE)

# Anything that looks like the start of a function definition.
_ANY_DEF = re.compile(r"^\s*(?:async\s+)?def\s+\w+", re.MULTILINE)

# A top-level import of the original release's package, on one line.
_ASPERA_IMPORT = re.compile(r"^(?:from\s+aspera(?:\.[\w.]*)?\s+import\b.*|import\s+aspera\b.*)$", re.MULTILINE)


def function_name(text: str) -> str | None:
    """Name in the first ``def`` header of ``text`` (rule B.3; the text need not compile), or ``None``."""
    match = FUNCTION_HEADER.search(text)
    return match.group(1) if match else None


def solution_name(program: str) -> str | None:
    """Name of a candidate program's solution function, or ``None``.

    Top-level ``from aspera... import`` / ``import aspera...`` lines are removed
    first, as the original evaluator does, then :func:`function_name` applies.
    """
    return function_name(_ASPERA_IMPORT.sub("", program))


def has_definition(text: str) -> bool:
    """Whether some line of ``text`` starts like ``def name`` or ``async def name``.

    Text without one (prose, an empty answer) is not a program at all: a parse
    error rather than a syntax error.
    """
    return _ANY_DEF.search(text) is not None
