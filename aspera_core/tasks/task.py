"""The task model: one Asper-Bench task record, its scenario and guidelines.

A task record on disk is a NestedText dictionary whose values are all strings,
lists or dictionaries (see the release format, part A.3). The models here give
those values types and check them, and they also remember what is needed to
write a record back exactly as it was read: the original key order, keys this
workbench does not interpret (``edited_program`` and ``feedback`` in correction
corpora, keys added by later releases), and whether an optional key was present
with an empty value or absent. That layout information does not take part in
equality: two tasks with the same content compare equal however they were laid
out on disk.

The checks are shared between the models (so a task built in code is checked
too) and the shard reader (which needs every problem, with file, task id and
field, rather than the first exception).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from aspera_core.program_entry import FUNCTION_HEADER, function_name  # noqa: F401 - re-exported
from aspera_core.tasks.known_names import app_problem, tool_problem

_QUERY_ID = re.compile(r"[1-9][0-9]*")
_TOOL_REFERENCE = re.compile(r"\w+(\.\w+)*::\w+")

# Keys of a task record in the order the release writes them. ``tags`` is this
# workbench's addition; the original loader ignores it.
TASK_KEYS = (
    "query_id",
    "program",
    "query",
    "scenario",
    "state_generation_programs",
    "evaluation_programs",
    "timestamp",
    "tags",
)
SCENARIO_KEYS = (
    "apps",
    "query_solution",
    "runtime_setup",
    "evaluation",
    "guidelines",
    "simulation_tools",
    "evaluation_tools",
    "symbols_in_apps",
)
GUIDELINE_KEYS = ("generation_labelling", "runtime_setup", "evaluation")


@dataclass(frozen=True)
class TaskProblem:
    """One thing wrong with a task file, located as precisely as known.

    ``field`` is a dotted path such as ``scenario.apps``; ``line`` is 1-based in
    ``source``; ``record`` (the record's 1-based position) stands in for an id
    the record did not get far enough to have.
    """

    message: str
    source: str | None = None
    query_id: str | None = None
    field: str | None = None
    line: int | None = None
    record: int | None = None

    def __str__(self) -> str:
        parts = []
        if self.source is not None:
            parts.append(self.source if self.line is None else f"{self.source}:{self.line}")
        elif self.line is not None:
            parts.append(f"line {self.line}")
        if self.query_id is not None:
            parts.append(f"task {self.query_id}")
        elif self.record is not None:
            parts.append(f"record {self.record}")
        if self.field is not None:
            parts.append(f"field {self.field!r}")
        parts.append(self.message)
        return ": ".join(parts)


class TaskFormatError(ValueError):
    """A task file or task record does not follow the release format; ``problems`` lists every problem, so a file is fixed in one go."""

    def __init__(self, problems: Iterable[TaskProblem | str]):
        self.problems: list[TaskProblem] = [p if isinstance(p, TaskProblem) else TaskProblem(p) for p in problems]
        if not self.problems:
            raise ValueError("TaskFormatError needs at least one problem")
        lines = [str(p) for p in self.problems]
        if len(lines) == 1:
            text = lines[0]
        else:
            text = f"{len(lines)} problems:\n" + "\n".join(f"  {line}" for line in lines)
        super().__init__(text)


@dataclass(frozen=True)
class FieldProblem:
    """A problem with one field of a record (``item``: 0-based list index, ``program_line``: 1-based), before it is placed in a file."""

    field: str
    message: str
    item: int | None = None
    program_line: int | None = None

    def describe(self) -> str:
        """Return the message with the item number (1-based) in front."""
        return self.message if self.item is None else f"item {self.item + 1}: {self.message}"


def program_problems(program: str, field: str, item: int | None = None) -> list[FieldProblem]:
    """Problems of a program that does not parse or defines no function; a syntax error carries its line inside the program."""
    try:
        ast.parse(program)
    except SyntaxError as error:
        where = f"line {error.lineno}: " if error.lineno else ""
        message = f"does not parse as Python: {where}{error.msg}"
        return [FieldProblem(field, message, item, error.lineno)]
    if function_name(program) is None:
        message = "contains no function definition (no 'def name(...):' line)"
        return [FieldProblem(field, message, item)]
    return []


def _raise_if_any(problems: list[FieldProblem]) -> None:
    if problems:
        raise ValueError("; ".join(f"field {p.field!r}: {p.describe()}" for p in problems))


def _is_single_line(text: str) -> bool:
    return "\n" not in text and "\r" not in text


class _Layout(BaseModel):
    """Base for records that keep their on-disk layout next to their content.

    ``key_order`` lists the keys present in the source record, in source order
    (empty for objects built in code, which are written in canonical order).
    ``extra_fields`` holds uninterpreted keys with their raw NestedText values.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    key_order: tuple[str, ...] = Field(default=(), repr=False)
    extra_fields: dict[str, Any] = Field(default_factory=dict, repr=False)

    # Fields that only describe layout and are ignored by ``==``.
    _LAYOUT_FIELDS: ClassVar[frozenset[str]] = frozenset({"key_order"})

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        names = [n for n in type(self).model_fields if n not in self._LAYOUT_FIELDS]
        return all(getattr(self, n) == getattr(other, n) for n in names)

    __hash__ = None  # type: ignore[assignment]  # lists inside: not hashable

    def _ordered_keys(self, canonical: tuple[str, ...], after: dict[str, str]) -> list[str]:
        """Keys to write: the source order, with keys that gained a value since
        inserted at their canonical place (``after`` maps a key to the key it
        follows) and new extra keys appended."""
        if not self.key_order:
            keys = [k for k in canonical if self._has_value(k)]
            return keys + [k for k in self.extra_fields if k not in keys]
        keys = list(self.key_order)
        for key in canonical:
            if key in keys or not self._has_value(key):
                continue
            anchor = after.get(key)
            position = keys.index(anchor) + 1 if anchor in keys else len(keys)
            keys.insert(position, key)
        keys += [k for k in self.extra_fields if k not in keys]
        # A key dropped from extra_fields since loading is not written.
        known = set(canonical)
        return [k for k in keys if k in known or k in self.extra_fields]

    def _record(self, canonical: tuple[str, ...], after: dict[str, str]) -> dict[str, Any]:
        """The NestedText dictionary: typed fields for known keys, raw values
        for the others (an extra key named like a field cannot shadow it)."""
        return {
            key: _dump_value(getattr(self, key)) if key in canonical else self.extra_fields[key]
            for key in self._ordered_keys(canonical, after)
        }

    def _has_value(self, key: str) -> bool:
        value = getattr(self, key)
        return value is not None and value != []


def _dump_value(value: Any) -> Any:
    """NestedText form of a typed value: ``None`` becomes an empty string."""
    if value is None:
        return ""
    if isinstance(value, _Layout):
        return value.to_record()  # type: ignore[attr-defined]
    return value


class Guidelines(_Layout):
    """Natural-language rules shown to the generator at each stage (A.4)."""

    generation_labelling: list[str] | None = None
    runtime_setup: list[str] | None = None
    evaluation: list[str] | None = None

    def to_record(self) -> dict[str, Any]:
        """Return the NestedText dictionary for these guidelines."""
        return self._record(GUIDELINE_KEYS, {})


class Scenario(_Layout):
    """Apps, example modules, guidelines and tools a task was made with (A.4).

    ``symbols_in_apps`` is ``None`` both when the key is absent and when it is
    present with an empty value; ``key_order`` records which one it was.
    """

    apps: list[str]
    query_solution: list[str]
    runtime_setup: list[str] | None = None
    evaluation: list[str] | None = None
    guidelines: Guidelines | None = None
    simulation_tools: list[str] | None = None
    evaluation_tools: list[str] | None = None
    symbols_in_apps: list[Any] | None = None

    @model_validator(mode="after")
    def _check(self) -> Scenario:
        _raise_if_any(scenario_problems(self))
        return self

    def to_record(self) -> dict[str, Any]:
        """Return the NestedText dictionary for this scenario."""
        return self._record(SCENARIO_KEYS, {})


def scenario_problems(scenario: Scenario) -> list[FieldProblem]:
    """Content checks of a scenario that its types alone do not express.

    Every app must be a module of the library and every tool reference a name of
    a setup (``simulation_tools``) or checking (``evaluation_tools``) tool module
    (see :mod:`aspera_core.tasks.known_names`).
    """
    problems: list[FieldProblem] = []
    if not scenario.apps:
        problems.append(FieldProblem("scenario.apps", "must list at least one app"))
    for index, app in enumerate(scenario.apps):
        if (message := app_problem(app)) is not None:
            problems.append(FieldProblem("scenario.apps", message, index))
    for name in ("simulation_tools", "evaluation_tools"):
        for index, item in enumerate(getattr(scenario, name) or []):
            if not _TOOL_REFERENCE.fullmatch(item):
                message = f"expected 'module::function', got {item!r}"
                problems.append(FieldProblem(f"scenario.{name}", message, index))
            elif (message := tool_problem(name, item)) is not None:
                problems.append(FieldProblem(f"scenario.{name}", message, index))
    return problems


class Task(_Layout):
    """One task: query, reference AEP, and SIP/EP pairs (format A.3).

    Attributes:
        query_id: Positive integer id as a string (``"1"``, ``"9001"``).
        program: The reference action execution program (AEP).
        query: The user request.
        scenario: How the task was made and which apps it uses.
        state_generation_programs: SIPs, one per world to test in.
        evaluation_programs: EPs; item *i* checks a run set up by SIP *i*.
        timestamp: When the record was made; informational.
        tags: Categories of this workbench's own tasks (e.g. ``handback``).
        shard: Name of the shard file the task was read from, if any; kept so a
            rewrite puts it back in the same file. Not part of equality.
    """

    query_id: str
    program: str
    query: str
    scenario: Scenario
    state_generation_programs: list[str]
    evaluation_programs: list[str]
    timestamp: str | None = None
    tags: list[str] = Field(default_factory=list)
    shard: str | None = Field(default=None, repr=False)

    _LAYOUT_FIELDS: ClassVar[frozenset[str]] = frozenset({"key_order", "shard"})

    @model_validator(mode="after")
    def _check(self) -> Task:
        _raise_if_any(task_problems(self))
        return self

    @property
    def solution_name(self) -> str:
        """Name of the reference AEP's function (format rule B.3)."""
        name = function_name(self.program)
        assert name is not None, "checked when the task was built"
        return name

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """The (SIP, EP) pairs, matched by position."""
        return list(zip(self.state_generation_programs, self.evaluation_programs))

    def to_record(self) -> dict[str, Any]:
        """Return the NestedText dictionary for this task (layout preserved)."""
        return self._record(TASK_KEYS, {"tags": "timestamp"})


def task_problems(task: Task) -> list[FieldProblem]:
    """Content checks of one task that its types do not express: the id, the query, the programs (the scenario checks itself)."""
    problems: list[FieldProblem] = []
    if not _QUERY_ID.fullmatch(task.query_id):
        message = f"expected a positive integer without leading zeros, got {task.query_id!r}"
        problems.append(FieldProblem("query_id", message))
    if not task.query.strip():
        problems.append(FieldProblem("query", "is empty"))
    elif not _is_single_line(task.query):
        problems.append(FieldProblem("query", "must be a single line"))
    problems += program_problems(task.program, "program")
    sips, eps = task.state_generation_programs, task.evaluation_programs
    if not sips:
        problems.append(FieldProblem("state_generation_programs", "needs at least one setup program"))
    if not eps:
        problems.append(FieldProblem("evaluation_programs", "needs at least one evaluation program"))
    if sips and eps and len(sips) != len(eps):
        message = f"expected {len(sips)} items to match state_generation_programs, got {len(eps)}"
        problems.append(FieldProblem("evaluation_programs", message))
    for field, programs in (("state_generation_programs", sips), ("evaluation_programs", eps)):
        for index, program in enumerate(programs):
            problems += program_problems(program, field, index)
    if task.timestamp is not None and not _is_single_line(task.timestamp):
        problems.append(FieldProblem("timestamp", "must be a single line"))
    for index, tag in enumerate(task.tags):
        if not tag.strip() or not _is_single_line(tag):
            message = f"a tag must be a non-empty single line, got {tag!r}"
            problems.append(FieldProblem("tags", message, index))
    return problems
