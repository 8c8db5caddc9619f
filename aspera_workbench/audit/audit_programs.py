"""The programs an audit runs on a task, and the side folder of users' own solutions.

The baselines ``noop`` and ``handback`` (the checklist's trivial agents) must
fail, also where the reference program does the same in every world of the
task (a hand-back task with no world where the request can be carried out):
a task that a trivial agent passes cannot tell it from a solution.

Alternatives folder
-------------------
Same layout as ``wrong/``: ``DIR/query_<id>.py`` holds top-level functions,
each directly preceded by a comment line that says whether it is a correct or
a wrong solution and why::

    # Correct: computes the date with datetime arithmetic instead of modify()
    def book_design_review_with_ottoline():
        ...


    # Wrong: books the review for 30 minutes
    def book_design_review_with_ottoline():
        ...

Each function is evaluated on its own, with the scenario's star imports (a
standard-library module is imported inside the function). Nothing else may
stand at the top level.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import EllipsisType

from aspera_core.agents import HandbackAgent, NoopAgent
from aspera_core.tasks import Task, WrongProgram
from aspera_workbench.variants import FAIL, IDENTITY_KINDS, KINDS, PASS, variants

#: Where a program of the audit comes from.
ORIGIN_REFERENCE = "reference"
ORIGIN_BASELINE = "baseline"
ORIGIN_GENERATED = "generated"
ORIGIN_HAND_WRITTEN = "hand_written"
ORIGIN_ALTERNATIVE = "alternative"

#: Kinds of the programs that are not generated variants.
KIND_REFERENCE = "reference"
KIND_NOOP = "noop"
KIND_HANDBACK = "handback"
KIND_HAND_WRITTEN_WRONG = "hand_written_wrong"
KIND_ALTERNATIVE_CORRECT = "alternative_correct"
KIND_ALTERNATIVE_WRONG = "alternative_wrong"

_MARKER = re.compile(r"^#\s*(Correct|Wrong):\s*(.*?)\s*$")
_FILE_NAME = re.compile(r"query_([1-9][0-9]*)\.py")


class AlternativesError(ValueError):
    """An alternatives folder or file does not follow the layout (the message names the file and line)."""


@dataclass(frozen=True)
class Candidate:
    """One program the audit evaluates on a task.

    ``origin`` is one of the ``ORIGIN_*`` names; ``expected`` is ``None`` when
    it depends on what the reference does (the baselines).
    """

    kind: str
    origin: str
    description: str
    source: str
    expected: str | None


@dataclass(frozen=True)
class Alternative:
    """A user's solution for a task, declared correct or wrong (``reason``: the text after the marker)."""

    query_id: str
    correct: bool
    reason: str
    program: str
    line: int


def read_alternatives(text: str, query_id: str, source: str) -> list[Alternative]:
    """The solutions of one alternatives file, in file order (``source`` names the file in errors).

    Raises:
        AlternativesError: the first problem found, as ``file:line: what``.
    """
    try:
        module = ast.parse(text)
    except SyntaxError as error:
        raise AlternativesError(f"{source}:{error.lineno}: does not parse as Python: {error.msg}") from None
    lines = text.splitlines()
    found = []
    for node in module.body:
        if not isinstance(node, ast.FunctionDef) or node.decorator_list:
            raise AlternativesError(
                f"{source}:{node.lineno}: only undecorated function definitions may stand at the top level"
            )
        index = node.lineno - 2
        while index >= 0 and not lines[index].strip():
            index -= 1
        match = _MARKER.match(lines[index]) if index >= 0 else None
        if match is None or not match.group(2):
            raise AlternativesError(
                f"{source}:{node.lineno}: function {node.name!r} needs a '# Correct: <why>' or '# Wrong: <why>' line above it"
            )
        body = "\n".join(lines[node.lineno - 1 : node.end_lineno]) + "\n"
        found.append(Alternative(query_id, match.group(1) == "Correct", match.group(2), body, node.lineno))
    if not found:
        raise AlternativesError(f"{source}: holds no solution")
    return found


def load_alternatives(folder: str | Path) -> dict[str, list[Alternative]]:
    """The solutions of every ``query_<id>.py`` of an alternatives folder, by task id.

    Raises:
        AlternativesError: the folder does not exist, or a file is malformed.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise AlternativesError(f"{folder}: no such folder")
    found: dict[str, list[Alternative]] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or path.suffix != ".py":
            continue
        match = _FILE_NAME.fullmatch(path.name)
        if match is None:
            raise AlternativesError(f"{path}: alternative solution files must be named query_<id>.py")
        try:
            text = path.read_text("utf-8")
        except UnicodeDecodeError:
            raise AlternativesError(f"{path}: not valid UTF-8 text") from None
        found[match.group(1)] = read_alternatives(text, match.group(1), str(path))
    return found


def candidates(
    task: Task,
    *,
    kinds: Iterable[str] | None = None,
    per_kind: int | None = None,
    rewrites_per_kind: int | None | EllipsisType = ...,
    max_variants: int | None = None,
    seed: int = 0,
    baselines: bool = True,
    wrong: Sequence[WrongProgram] = (),
    alternatives: Sequence[Alternative] = (),
) -> list[Candidate]:
    """Every program the audit runs on one task, reference first (options as for :class:`AuditConfig`;
    ``rewrites_per_kind`` ``...``, the default, means as many as ``per_kind``).

    Identical programs are kept once: a declared program wins over an
    identical generated one, else the first.

    Raises:
        ValueError: the reference program does not parse, or a kind is unknown.
    """
    found = [Candidate(KIND_REFERENCE, ORIGIN_REFERENCE, "the task's reference program", task.program, PASS)]
    if baselines:
        found.append(
            Candidate(KIND_NOOP, ORIGIN_BASELINE, "a function that does nothing", NoopAgent().program(task), FAIL)
        )
        found.append(
            Candidate(KIND_HANDBACK, ORIGIN_BASELINE, "hands back at once", HandbackAgent().program(task), FAIL)
        )
    kinds = list(KINDS) if kinds is None else list(kinds)
    options = {"apps": task.scenario.apps, "seed": seed, "salt": task.query_id, "query": task.query}
    if rewrites_per_kind is ...:
        rewrites_per_kind = per_kind
    # the rewrites that keep behaviour identical at their own number per kind (a limit draws over all kinds alike)
    limits = {kind: rewrites_per_kind if kind in IDENTITY_KINDS else per_kind for kind in kinds}
    chosen = variants(task.program, kinds=kinds, per_kind=per_kind if max_variants is not None else limits,
                      limit=max_variants, **options) if kinds else []  # fmt: skip
    found += [Candidate(v.kind, ORIGIN_GENERATED, v.description, v.source, v.expected) for v in chosen]
    for program in wrong:
        description = f"{program.source}:{program.line}: {program.reason}"
        found.append(Candidate(KIND_HAND_WRITTEN_WRONG, ORIGIN_HAND_WRITTEN, description, program.program, FAIL))
    for alternative in alternatives:
        kind = KIND_ALTERNATIVE_CORRECT if alternative.correct else KIND_ALTERNATIVE_WRONG
        description = f"line {alternative.line}: {alternative.reason}"
        expected = PASS if alternative.correct else FAIL
        found.append(Candidate(kind, ORIGIN_ALTERNATIVE, description, alternative.program, expected))
    declared = {c.source for c in found if c.origin != ORIGIN_GENERATED}
    unique: dict[str, Candidate] = {}
    for candidate in found:
        if candidate.origin != ORIGIN_GENERATED or candidate.source not in declared:
            unique.setdefault(candidate.source, candidate)
    return list(unique.values())
