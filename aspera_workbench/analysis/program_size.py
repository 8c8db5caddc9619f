"""Size and complexity of one program (a reference program or a generated one).

Cyclomatic complexity is radon's ``cc_visit`` figure for the task's top-level function (the first
``def``), because the paper's figures for the release (mean 5.26, median 5, max 19) are radon's;
radon, unlike mccabe, counts boolean operators and comprehension conditions, and a helper nested
in the function is a block of its own. Primitives used are resolved by
:func:`aspera_workbench.surface.primitives_used`.
"""

from __future__ import annotations

from dataclasses import dataclass

from radon.complexity import cc_visit

from aspera_core.tasks import function_name
from aspera_workbench.surface import primitives_used


def raw_lines(text: str) -> int:
    """Lines of a program as stored: ``len(text.splitlines())``."""
    return len(text.splitlines())


def code_lines(text: str) -> int:
    """Lines that are neither blank nor comments (a docstring's lines count)."""
    return sum(1 for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))


def query_words(query: str) -> int:
    """Words of a query, split on white space."""
    return len(query.split())


def cyclomatic_complexity(program: str, include_helpers: bool = False) -> int | None:
    """radon's cyclomatic complexity of a program's top-level function; ``None`` when it does not parse
    or defines no function. ``include_helpers`` adds each nested helper's decision points (its
    complexity minus one), recursively.
    """
    name = function_name(program)
    if name is None:
        return None
    try:
        blocks = cc_visit(program)
    except SyntaxError:
        return None
    for block in blocks:
        if getattr(block, "name", None) == name and not getattr(block, "is_method", False):
            total = block.complexity
            if include_helpers:
                pending = list(block.closures)
                while pending:
                    helper = pending.pop()
                    total += helper.complexity - 1
                    pending.extend(helper.closures)
            return total
    return None


@dataclass(frozen=True)
class ProgramMetrics:
    """Size and complexity of one program; ``primitives`` are qualified names (``module.name``)."""

    raw_lines: int
    code_lines: int
    complexity: int | None
    primitives: tuple[str, ...]

    @property
    def unique_primitives(self) -> int:
        """How many distinct primitives the program uses."""
        return len(self.primitives)


def program_metrics(program: str) -> ProgramMetrics:
    """Lines, complexity and primitives of a program."""
    used = primitives_used(program)
    return ProgramMetrics(
        raw_lines=raw_lines(program),
        code_lines=code_lines(program),
        complexity=cyclomatic_complexity(program),
        primitives=tuple(f"{p.module}.{p.name}" for p in used),
    )
