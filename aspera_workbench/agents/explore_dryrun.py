"""Dry runs: trying a draft program in the sandbox before answering, without judging it.

A *dry-run task*'s evaluation program builds the world, calls the draft and checks
nothing, so the task's own evaluation program never runs before submission. The world
is the generic one of ``data/dry_run_world.py`` (nothing of the task's hidden world
reaches the model), or with ``world="task"`` the task's first setup program (writes
are discarded with the worker). The model is told the outcome, the program's own
traceback frames (others are only counted), what it printed and returned, and what it
changed in the world, with people named instead of their ids.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aspera_core.executor import Job, Sandbox, SandboxConfig
from aspera_core.outcomes import Outcome, Verdict

#: Where dry runs happen: the generic world, or the task's own setup (writes discarded).
DRY_RUN_WORLDS = ("generic", "task")
#: How the explore agent calls tools: tool calling, falling back to text when the endpoint refuses
#: tools, or one of the two only. (Here, beside the dry-run worlds, because the agent registry reads
#: both without importing the model client.)
PROTOCOLS = ("auto", "tools", "text")
#: The generic world's setup program, beside the package in a source checkout.
GENERIC_WORLD_FILE = Path(__file__).resolve().parents[2] / "data" / "dry_run_world.py"

#: The evaluation program of every dry-run task: build the world, run the draft, check nothing.
DRY_RUN_EVALUATION = '''def evaluate_dry_run(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
    """Build the world, run the draft once; nothing is checked."""
    setup_function()
    executable()
'''

# Bounds of what a report shows the model (the verdict's own bounds are larger).
_MAX_SHOWN = 2000
_MAX_CHANGES = 12
# Columns that identify a row, per table; tables without one compare whole rows.
_ROW_KEYS = {
    "user_calendar": ("event_id",),
    "shared_calendars": ("calendar_id", "event_id"),
    "employees": ("employee_id",),
    "conference_rooms": ("room_id",),
    "conference_room_bookings": ("booking_id",),
}
# Columns holding employee ids (shown as names) and ids not worth showing.
_PEOPLE_COLUMNS = {
    "attendees",
    "attendees_to_avoid",
    "optional_attendees",
    "declined_by",
    "tentative_attendees",
    "employee_id",
    "calendar_id",
    "manager",
    "assistant",
    "reports",
}
_HIDDEN_COLUMNS = {"event_id", "recurrent_event_id", "booking_id", "room_id"}


@dataclass(frozen=True)
class GenericWorld:
    """The generic world's setup program, and the first 10 hex digits of its SHA-256 (recorded in the parameters)."""

    setup: str
    digest: str

    @classmethod
    def load(cls, path: str | Path | None = None) -> GenericWorld:
        """Read the setup program file (``ValueError``: it does not parse or define exactly one function)."""
        source_path = Path(path) if path is not None else GENERIC_WORLD_FILE
        text = source_path.read_text(encoding="utf-8")
        try:
            tree = ast.parse(text)
        except SyntaxError as error:
            raise ValueError(f"{source_path}: the dry-run world does not parse ({error})") from None
        functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
        if len(functions) != 1:
            raise ValueError(f"{source_path}: the dry-run world must define exactly one function, not {len(functions)}")
        setup = "".join(text.splitlines(keepends=True)[functions[0].lineno - 1 : functions[0].end_lineno])
        return cls(setup=setup, digest=hashlib.sha256(setup.encode("utf-8")).hexdigest()[:10])


@dataclass(frozen=True)
class DryRunScenario:
    """What the executor reads of a scenario (see :class:`aspera_core.tasks.Task`)."""

    apps: tuple[str, ...]
    simulation_tools: tuple[str, ...] = ()
    evaluation_tools: tuple[str, ...] = ()


@dataclass(frozen=True)
class DryRunTask:
    """A task made for dry runs: one setup program, the checking-nothing evaluation program."""

    query: str
    scenario: Any
    state_generation_programs: tuple[str, ...]
    evaluation_programs: tuple[str, ...] = (DRY_RUN_EVALUATION,)


def dry_run_task(task: Any, world: str = "generic", generic: GenericWorld | None = None) -> DryRunTask:
    """The dry-run task for ``task``, with the scenario's apps imported as when it is judged.

    Raises:
        ValueError: an unknown world, or ``world="task"`` for a task without setup programs.
    """
    if world == "generic":
        setup = (generic or GenericWorld.load()).setup
        return DryRunTask(task.query, DryRunScenario(tuple(task.scenario.apps)), (setup,))
    if world == "task":
        if not task.state_generation_programs:
            raise ValueError(f"task {getattr(task, 'query_id', '?')}: no setup program to dry-run in")
        return DryRunTask(task.query, task.scenario, (task.state_generation_programs[0],))
    raise ValueError(f"unknown dry-run world {world!r}; expected one of: {', '.join(DRY_RUN_WORLDS)}")


@dataclass(frozen=True)
class DryRunReport:
    """What one dry run showed (``success`` means only: nothing was raised)."""

    outcome: Outcome
    error_type: str | None = None
    message: str | None = None
    traceback: str | None = None
    origin: str | None = None
    stdout: str = ""
    return_value: str | None = None
    changes: tuple[str, ...] = ()
    duration_s: float = 0.0
    timeout_s: float = 0.0

    @classmethod
    def from_verdict(cls, verdict: Verdict, timeout_s: float = 0.0) -> DryRunReport:
        pair = verdict.pairs[0] if verdict.pairs else None
        world = verdict.world[0] if verdict.world else {}
        return cls(
            outcome=verdict.outcome,
            error_type=_short(verdict.error_type),
            message=verdict.message,
            traceback=program_traceback(verdict.traceback),
            origin=pair.origin if pair is not None else None,
            stdout=verdict.stdout or "",
            return_value=verdict.return_value,
            changes=tuple(world_changes(world.get("before"), world.get("after"))),
            duration_s=verdict.duration_s,
            timeout_s=timeout_s,
        )

    def to_text(self) -> str:
        parts = [self._headline()]
        if self.traceback and self.outcome is not Outcome.HANDBACK_CONTROL:
            parts.append(_bounded(self.traceback.rstrip(), "traceback"))
        parts.append("Printed: " + (_bounded(self.stdout.rstrip(), "output") if self.stdout.strip() else "nothing"))
        if self.return_value is not None:
            parts.append("Returned: " + _bounded(self.return_value, "return value"))
        elif self.outcome is Outcome.SUCCESS:
            parts.append("Returned: nothing (the function did not return)")
        if self.changes:
            shown = list(self.changes[:_MAX_CHANGES])
            if len(self.changes) > _MAX_CHANGES:
                shown.append(f"... and {len(self.changes) - _MAX_CHANGES} more changes")
            parts.append("Changes to the world:\n" + "\n".join(f"- {line}" for line in shown))
        else:
            parts.append("Changes to the world: none")
        return "\n".join(parts)

    def _headline(self) -> str:
        where = (
            ""
            if self.origin in (None, "program")
            else f" (in the {self.origin} of the test world, not in your program)"
        )
        if self.outcome is Outcome.SUCCESS:
            return "Outcome: the program ran to the end without raising an exception (nothing was checked)."
        if self.outcome is Outcome.HANDBACK_CONTROL:
            return f"Outcome: the program handed control back to the user: RequiresUserInput: {self.message or ''}"
        if self.outcome is Outcome.TIMEOUT:
            return f"Outcome: the program did not finish within the {self.timeout_s:g} s limit (timeout)."
        if self.outcome is Outcome.RESOURCE_ERROR:
            return f"Outcome: the program exceeded a resource limit (memory or file size): {self.message or ''}"
        if self.outcome is Outcome.SYNTAX_ERROR:
            return f"Outcome: the program does not compile: {self.error_type}: {self.message or ''}"
        message = (self.message or "").splitlines()[0] if self.traceback else self.message or ""
        return f"Outcome: the program raised {self.error_type or 'an error'}{where}: {message}"

    def to_json(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome.value,
            "error_type": self.error_type,
            "message": self.message,
            "origin": self.origin,
            "return_value": self.return_value,
            "stdout": self.stdout,
            "changes": list(self.changes),
            "duration_s": round(self.duration_s, 4),
        }


def _short(error_type: str | None) -> str | None:
    return error_type.rsplit(".", 1)[-1] if error_type else None


def _bounded(text: str, what: str) -> str:
    if len(text) <= _MAX_SHOWN:
        return text
    return text[:_MAX_SHOWN] + f"\n... ({what} cut: {len(text) - _MAX_SHOWN} more characters)"


_FRAME = re.compile(r'^\s*File "(?P<file>[^"]*)"')


def program_traceback(traceback: str | None) -> str | None:
    """A traceback with only the program's frames: no path or source line outside the program reaches the model."""
    if not traceback:
        return None
    out: list[str] = []
    hidden = 0
    in_hidden_frame = False
    seen_program = False  # frames before the program's first one (the harness calling it) are dropped

    def flush() -> None:
        nonlocal hidden
        if hidden:
            out.append(f"  ... ({hidden} frame{'s' if hidden > 1 else ''} outside the program)")
            hidden = 0

    for line in traceback.splitlines():
        frame = _FRAME.match(line)
        if frame is not None:
            in_hidden_frame = frame.group("file") != "<program>"
            if in_hidden_frame:
                hidden += seen_program
                continue
            seen_program = True
            flush()
            out.append(line)
        elif line.startswith((" ", "\t")) and in_hidden_frame:
            continue  # the source lines of a hidden frame
        else:
            in_hidden_frame = False
            if line.startswith("Traceback"):
                seen_program = False
                out.append(line)
            else:
                flush()
                out.append(line)
    flush()
    return "\n".join(out) + "\n"


def _key(table: str, row: Mapping[str, Any]) -> Any:
    columns = _ROW_KEYS.get(table)
    if columns is None:
        return json.dumps(row, sort_keys=True, default=str)
    return tuple(row.get(column) for column in columns)


def _names(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> dict[str, str]:
    names: dict[str, str] = {}
    for tables in (before, after):
        for row in (tables or {}).get("employees", []) or []:
            if row.get("employee_id") and row.get("name"):
                names[row["employee_id"]] = row["name"]
    return names


def _value(column: str, value: Any, names: Mapping[str, str]) -> str:
    if column in _PEOPLE_COLUMNS:
        if isinstance(value, list):
            return "[" + ", ".join(names.get(item, str(item)) for item in value) + "]"
        if isinstance(value, str):
            return names.get(value, value)
    if isinstance(value, str):
        return repr(value)
    return json.dumps(value, default=str)


def _describe(row: Mapping[str, Any], names: Mapping[str, str]) -> str:
    shown = [
        f"{column}={_value(column, value, names)}"
        for column, value in row.items()
        if column not in _HIDDEN_COLUMNS and value not in (None, [], "")
    ]
    return ", ".join(shown)


def world_changes(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> list[str]:
    """What changed between two snapshots of the world's tables, one line per row (none if one is missing).

    Rows are matched by id where the table has one, else compared whole; lines read
    ``user_calendar: added subject='Sync', ...``, ``... removed ...`` or ``... changed <row>:
    column old -> new``, with employee ids shown as names.
    """
    if not before or not after:
        return []
    names = _names(before, after)
    lines: list[str] = []
    for table in after:
        old_rows: Sequence[Mapping[str, Any]] = before.get(table) or []
        new_rows: Sequence[Mapping[str, Any]] = after.get(table) or []
        old = {_key(table, row): row for row in old_rows}
        new = {_key(table, row): row for row in new_rows}
        if len(old) != len(old_rows) or len(new) != len(new_rows):  # ids repeat: compare whole rows
            old = {_key("", row): row for row in old_rows}
            new = {_key("", row): row for row in new_rows}
        for key, row in new.items():
            if key not in old:
                lines.append(f"{table}: added {_describe(row, names)}")
            elif row != old[key]:
                differences = [
                    f"{column} {_value(column, old[key].get(column), names)} -> {_value(column, value, names)}"
                    for column, value in row.items()
                    if old[key].get(column) != value
                ]
                label = row.get("subject") or row.get("name") or row.get("room_name") or "a row"
                lines.append(f"{table}: changed {label!r}: " + "; ".join(differences))
        for key, row in old.items():
            if key not in new:
                lines.append(f"{table}: removed {_describe(row, names)}")
    return lines


class DryRunUnavailable(RuntimeError):
    """The sandbox could not carry out a dry run (its fork server died or could not start)."""


@dataclass
class DryRunner:
    """Runs dry runs in a sandbox of its own, created on first use, one at a time.

    The agent is called from several threads and a sandbox runs one batch at a time, so
    dry runs take turns. After :meth:`close`, the next dry run starts a new sandbox.
    """

    config: SandboxConfig = field(default_factory=lambda: SandboxConfig(workers=1))
    _sandbox: Sandbox | None = field(default=None, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def run(self, task: DryRunTask, program: str) -> DryRunReport:
        """Dry-run ``program`` on ``task`` (``DryRunUnavailable``: the sandbox failed and was closed)."""
        with self._lock:
            try:
                if self._sandbox is None:
                    self._sandbox = Sandbox(self.config)
                for _, verdict in self._sandbox.run([Job(task, program, capture_world=True)]):
                    return DryRunReport.from_verdict(verdict, self.config.timeout_s)
                raise RuntimeError("the sandbox returned no verdict")
            except (RuntimeError, OSError) as error:
                self._close()
                raise DryRunUnavailable(f"the dry run could not be carried out: {error}") from error

    def close(self) -> None:
        with self._lock:
            self._close()

    def _close(self) -> None:
        if self._sandbox is not None:
            self._sandbox.close()
            self._sandbox = None
