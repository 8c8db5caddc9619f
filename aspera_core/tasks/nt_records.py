"""Conversion between NestedText task records and :class:`Task` objects.

NestedText has only strings, lists and dictionaries, so every value of a record
is checked for the right shape here, before the typed models see it; each
mismatch becomes a :class:`TaskProblem` naming the field (and, when the caller
supplies a locator, the line in the file). Empty values follow the release:
``key:`` with nothing below loads as an empty string and means "no value" for
optional keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aspera_core.tasks.task import (
    GUIDELINE_KEYS,
    SCENARIO_KEYS,
    TASK_KEYS,
    FieldProblem,
    Guidelines,
    Scenario,
    Task,
    TaskFormatError,
    TaskProblem,
    scenario_problems,
    task_problems,
)

if TYPE_CHECKING:
    import nestedtext

# nestedtext is imported where it is used: it pulls in date and formatting
# libraries that a process loading its tasks from the cache never needs.

# Maps a key path inside a record (e.g. ("scenario", "apps", 2)) to the 1-based
# line of its value in the file, or None when unknown.
Locator = Callable[[tuple[Any, ...]], "int | None"]

_REQUIRED_TASK_KEYS = TASK_KEYS[:6]
_REQUIRED_SCENARIO_KEYS = ("apps", "query_solution")


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return "a dictionary"
    if isinstance(value, list):
        return "a list"
    if value == "":
        return "an empty value"
    if isinstance(value, str):
        return "a multi-line string" if "\n" in value else "a single-line string"
    return type(value).__name__


class _RecordReader:
    """Reads one raw record, collecting every problem instead of stopping."""

    def __init__(self, source: str | None, position: int | None, locate: Locator | None):
        self.source = source
        self.position = position
        self.locate = locate
        self.query_id: str | None = None
        self.problems: list[TaskProblem] = []

    def add(self, problem: FieldProblem) -> None:
        keys: tuple[Any, ...] = tuple(problem.field.split(".")) if problem.field else ()
        if problem.item is not None:
            keys += (problem.item,)
        line = self._line(keys)
        if line is not None and problem.program_line is not None:
            line += problem.program_line - 1
        self.problems.append(
            TaskProblem(
                message=problem.describe(),
                source=self.source,
                query_id=self.query_id,
                field=problem.field or None,
                line=line,
                record=self.position,
            )
        )

    def _line(self, keys: tuple[Any, ...]) -> int | None:
        if self.locate is None:
            return None
        # Fall back to the nearest enclosing value that has a location.
        for cut in range(len(keys), -1, -1):
            line = self.locate(keys[:cut])
            if line is not None:
                return line
        return None

    def string(self, value: Any, field: str, *, optional: bool = False) -> str | None:
        if isinstance(value, str):
            return None if optional and value == "" else value
        self.add(FieldProblem(field, f"expected a string, got {_describe(value)}"))
        return None

    def string_list(self, value: Any, field: str, *, optional: bool = False) -> list[str] | None:
        if optional and value == "":
            return None
        if not isinstance(value, list):
            self.add(FieldProblem(field, f"expected a list of strings, got {_describe(value)}"))
            return None
        good = True
        for index, item in enumerate(value):
            if not isinstance(item, str):
                self.add(FieldProblem(field, f"expected a string, got {_describe(item)}", index))
                good = False
        return list(value) if good else None

    def dictionary(self, value: Any, field: str) -> dict[str, Any] | None:
        if isinstance(value, dict):
            return value
        self.add(FieldProblem(field, f"expected a dictionary, got {_describe(value)}"))
        return None

    def missing(self, record: dict[str, Any], required: tuple[str, ...], prefix: str) -> bool:
        absent = [key for key in required if key not in record]
        for key in absent:
            self.add(FieldProblem(f"{prefix}{key}", "required field is missing"))
        return bool(absent)


def _read_guidelines(reader: _RecordReader, value: Any) -> Guidelines | None:
    if value == "":
        return None
    raw = reader.dictionary(value, "scenario.guidelines")
    if raw is None:
        return None
    fields: dict[str, Any] = {}
    for key in GUIDELINE_KEYS:
        if key in raw:
            fields[key] = reader.string_list(raw[key], f"scenario.guidelines.{key}", optional=True)
    extra = {k: v for k, v in raw.items() if k not in GUIDELINE_KEYS}
    return Guidelines.model_construct(key_order=tuple(raw), extra_fields=extra, **fields)


def _read_scenario(reader: _RecordReader, value: Any) -> Scenario | None:
    raw = reader.dictionary(value, "scenario")
    if raw is None:
        return None
    count = len(reader.problems)
    reader.missing(raw, _REQUIRED_SCENARIO_KEYS, "scenario.")
    fields: dict[str, Any] = {}
    for key in ("apps", "query_solution"):
        if key in raw:
            fields[key] = reader.string_list(raw[key], f"scenario.{key}")
    for key in ("runtime_setup", "evaluation", "simulation_tools", "evaluation_tools"):
        if key in raw:
            fields[key] = reader.string_list(raw[key], f"scenario.{key}", optional=True)
    if "guidelines" in raw:
        fields["guidelines"] = _read_guidelines(reader, raw["guidelines"])
    if "symbols_in_apps" in raw:
        symbols = raw["symbols_in_apps"]
        if isinstance(symbols, list):
            fields["symbols_in_apps"] = symbols
        elif symbols != "":
            message = f"expected an empty value or a list, got {_describe(symbols)}"
            reader.add(FieldProblem("scenario.symbols_in_apps", message))
    if len(reader.problems) > count:
        return None
    extra = {k: v for k, v in raw.items() if k not in SCENARIO_KEYS}
    scenario = Scenario.model_construct(key_order=tuple(raw), extra_fields=extra, **fields)
    problems = scenario_problems(scenario)
    for problem in problems:
        reader.add(problem)
    return None if problems else scenario


def read_task_record(
    record: Any,
    *,
    source: str | None = None,
    position: int | None = None,
    locate: Locator | None = None,
    shard: str | None = None,
) -> tuple[Task | None, list[TaskProblem]]:
    """Turn one raw NestedText record into a :class:`Task`: the task (``None`` on problems) and every problem found.

    ``source``, ``position`` and ``locate`` place the problems in their file;
    ``shard`` is remembered on the task.
    """
    reader = _RecordReader(source, position, locate)
    if not isinstance(record, dict):
        message = f"expected a dictionary of task fields, got {_describe(record)}"
        reader.add(FieldProblem("", message))
        return None, reader.problems
    raw_id = record.get("query_id")
    if isinstance(raw_id, str) and raw_id.strip() and "\n" not in raw_id:
        reader.query_id = raw_id
    reader.missing(record, _REQUIRED_TASK_KEYS, "")
    fields: dict[str, Any] = {}
    for key in ("query_id", "program", "query"):
        if key in record:
            fields[key] = reader.string(record[key], key)
    if "scenario" in record:
        fields["scenario"] = _read_scenario(reader, record["scenario"])
    for key in ("state_generation_programs", "evaluation_programs"):
        if key in record:
            fields[key] = reader.string_list(record[key], key)
    if "timestamp" in record:
        fields["timestamp"] = reader.string(record["timestamp"], "timestamp", optional=True)
    if "tags" in record:
        fields["tags"] = reader.string_list(record["tags"], "tags", optional=True) or []
    if reader.problems:
        return None, reader.problems
    extra = {k: v for k, v in record.items() if k not in TASK_KEYS}
    layout = {"key_order": tuple(record), "extra_fields": extra, "shard": shard}
    task = Task.model_construct(**layout, **fields)
    for problem in task_problems(task):
        reader.add(problem)
    if reader.problems:
        return None, reader.problems
    # Every field's type and every content check was done above, so the task
    # built without validation is the one validation would build; validating
    # again would compile every program a second time (a third of a cold load).
    return task, []


def dump_task(task: Task) -> str:
    """One task as a NestedText dictionary (no list dash, no final newline); a shard lists such records."""
    import nestedtext  # deferred: only writing and parsing need it; a cached task set never does

    return nestedtext.dumps(task.to_record())


def load_task(text: str, source: str | None = None) -> Task:
    """Read one task written by :func:`dump_task`; TaskFormatError if it is not valid NestedText or not a valid task."""
    import nestedtext  # deferred: as in dump_task

    keymap: dict[tuple[Any, ...], Any] = {}
    try:
        record = nestedtext.loads(text, top=dict, keymap=keymap)
    except nestedtext.NestedTextError as error:
        raise TaskFormatError([nestedtext_problem(error, source)]) from None
    task, problems = read_task_record(record, source=source, locate=keymap_locator(keymap, ()))
    if problems:
        raise TaskFormatError(problems)
    assert task is not None
    return task


def keymap_locator(keymap: Any, prefix: tuple[Any, ...]) -> Locator:
    """A locator for the record at ``prefix`` of a NestedText keymap (or anything whose ``get(keys)`` answers alike)."""

    def locate(keys: tuple[Any, ...]) -> int | None:
        location = keymap.get(prefix + keys)
        if location is None:
            return None
        line, _column = location.as_tuple("value")
        return line + 1

    return locate


def nestedtext_problem(error: nestedtext.NestedTextError, source: str | None) -> TaskProblem:
    """A NestedText syntax error as a :class:`TaskProblem`, with its 1-based line when known."""
    line = error.lineno + 1 if getattr(error, "lineno", None) is not None else None
    message = f"not valid NestedText: {error.get_message()}"
    return TaskProblem(message=message, source=source, line=line)
