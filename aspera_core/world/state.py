"""In-memory tables and the process-wide current context.

A task evaluation creates a brand-new :class:`ExecutionContext` (all tables
empty, Python's global ``random`` re-seeded with 0) and installs it with
:func:`new_context` for the duration of the evaluation. Library functions never
receive the state as an argument; they fetch the current context on each call.
Creating a context is the reset: it costs a handful of empty lists, so nothing
can leak from one task into the next.

Tables are lists of row dicts in insertion order. Insertion order is observable
(it breaks ties in fuzzy searches and decides which room a name resolves to), so
rows are only ever appended or removed, never reordered.
"""

from __future__ import annotations

import code
import contextlib
import datetime
import random
from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import Any

from aspera_core.world.errors import ComputeError, NoDataError


class DatabaseNamespace(StrEnum):
    """Names of the tables of a context (values are the lower-cased member names)."""

    USER_CALENDAR = "user_calendar"
    SHARED_CALENDARS = "shared_calendars"
    EMPLOYEES = "employees"
    EMPLOYEE_VACATIONS = "employee_vacations"
    CONFERENCE_ROOMS = "conference_rooms"
    CONFERENCE_ROOM_BOOKINGS = "conference_room_bookings"
    SANDBOX = "sandbox"
    USER_METADATA = "user_metadata"


# Logical column types; used to validate writes and to (de)serialise contexts.
_EMPLOYEE_LIST = "list[str]"
_REPEATS_FIELDS = {
    "frequency": "str",
    "period": "int",
    "recurs_until": "datetime",
    "max_repetitions": "int",
    "which_weekday": "list[int]",
    "which_month_day": "list[int]",
    "which_year_month": "list[int]",
    "bysetpos": "list[int]",
    "exclude_occurrence": "list[datetime]",
    "occurrence_on_date": "datetime",
}
_DOCUMENT_FIELDS = {
    "title": "str",
    "content": "str",
    "author": "list[str]",
    "num_pages": "int",
    "last_modified": "datetime",
    "created_on": "datetime",
    "is_starred": "bool",
    "folder": "str",
}
CALENDAR_COLUMNS: dict[str, Any] = {
    "attendees": _EMPLOYEE_LIST,
    "attendees_to_avoid": _EMPLOYEE_LIST,
    "optional_attendees": _EMPLOYEE_LIST,
    "declined_by": _EMPLOYEE_LIST,
    "tentative_attendees": _EMPLOYEE_LIST,
    "subject": "str",
    "location": "str",
    "starts_at": "datetime",
    "ends_at": "datetime",
    "show_as_status": "str",
    "event_importance": "str",
    "repeats": _REPEATS_FIELDS,
    "notes": "str",
    "video_link": "str",
    "attachments": [_DOCUMENT_FIELDS],
    "event_id": "str",
    "recurrent_event_id": "str",
    "original_starts_at": "datetime",
}

SCHEMAS: dict[DatabaseNamespace, dict[str, Any]] = {
    DatabaseNamespace.USER_CALENDAR: CALENDAR_COLUMNS,
    DatabaseNamespace.SHARED_CALENDARS: {**CALENDAR_COLUMNS, "calendar_id": "str"},
    DatabaseNamespace.EMPLOYEES: {
        "employee_id": "str",
        "name": "str",
        "email_address": "str",
        "mobile": "str",
        "team": "str",
        "role": "str",
        "video_conference_link": "str",
        "joined_date": "date",
        "birth_date": "date",
        "manager": "str",
        "assistant": "str",
        "reports": "list[str]",
        "is_user": "bool",
    },
    DatabaseNamespace.EMPLOYEE_VACATIONS: {
        "employee_id": "str",
        "starts": "datetime",
        "ends": "datetime",
    },
    DatabaseNamespace.CONFERENCE_ROOMS: {
        "room_id": "str",
        "capacity": "uint8",
        "room_name": "str",
    },
    DatabaseNamespace.CONFERENCE_ROOM_BOOKINGS: {
        "room_id": "str",
        "booking_id": "str",
        "start": "datetime",
        "end": "datetime",
    },
    DatabaseNamespace.SANDBOX: {"sandbox_message_index": "int"},
    DatabaseNamespace.USER_METADATA: {"calendar_visible_to": "list[str]"},
}

#: Columns holding unsigned 8-bit integers, whose range is checked on write.
_BYTE_COLUMNS = {ns: [c for c, kind in columns.items() if kind == "uint8"] for ns, columns in SCHEMAS.items()}


def _copy(value: Any) -> Any:
    """Deep copy of the plain values stored in rows (much faster than ``copy.deepcopy``)."""
    kind = type(value)
    if kind is list:
        return [_copy(v) for v in value]
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    return value


class ExecutionContext:
    """All mutable state of one simulated world.

    Constructing a context creates empty tables and calls ``random.seed(0)`` on
    Python's global random module, which makes the organisation simulation of
    the setup tools reproducible. ``query`` and ``interactive_console`` exist
    for compatibility with the original harness; the library never reads them.
    """

    def __init__(self) -> None:
        random.seed(0)
        self.tables: dict[DatabaseNamespace, list[dict[str, Any]]] = {ns: [] for ns in SCHEMAS}
        self.query: str = ""
        self._console: code.InteractiveConsole | None = None

    @property
    def interactive_console(self) -> code.InteractiveConsole:
        # Created on demand: no library code needs it and it costs a namespace.
        if self._console is None:
            self._console = code.InteractiveConsole()
        return self._console

    def get_database(self, namespace: DatabaseNamespace, drop_headguard: bool = True) -> list[dict[str, Any]]:
        """The rows of a table, in insertion order. Treat the result as read-only.

        ``drop_headguard`` is accepted for compatibility; there is no guard row here.
        """
        return self.tables[DatabaseNamespace(namespace)]

    def add_to_database(self, namespace: DatabaseNamespace, rows: list[dict[str, Any]]) -> None:
        """Append copies of ``rows``; missing columns become ``None``.

        Raises:
            KeyError: a row names a column the table does not have.
            ValueError: a row whose values are all ``None``.
            ComputeError: a value does not fit an unsigned 8-bit column.
        """
        namespace = DatabaseNamespace(namespace)
        schema = SCHEMAS[namespace]
        byte_columns = _BYTE_COLUMNS[namespace]
        prepared = []
        for row in rows:
            if not row.keys() <= schema.keys():
                unknown = next(column for column in row if column not in schema)
                raise KeyError(f"{unknown!r} is not a column of table {namespace.value!r}")
            if all(value is None for value in row.values()):
                raise ValueError(f"cannot add an all-null row to table {namespace.value!r} (that pattern is reserved)")
            for column in byte_columns:
                value = row.get(column)
                if value is not None and not 0 <= value <= 255:
                    raise ComputeError(f"value {value!r} of column {column!r} does not fit an unsigned 8-bit integer")
            prepared.append({column: _copy(row.get(column)) for column in schema})
        self.tables[namespace].extend(prepared)

    def remove_from_database(self, namespace: DatabaseNamespace, predicate: Callable[[dict[str, Any]], bool]) -> None:
        """Delete the rows for which ``predicate(row)`` is true.

        Raises:
            KeyError: for the ``sandbox`` table, which is append-only.
            NoDataError: no row matched.
        """
        namespace = DatabaseNamespace(namespace)
        if namespace is DatabaseNamespace.SANDBOX:
            raise KeyError("rows cannot be removed from the sandbox table")
        table = self.tables[namespace]
        kept = [row for row in table if not predicate(row)]
        if len(kept) == len(table):
            raise NoDataError(f"no row of table {namespace.value!r} matches the removal")
        table[:] = kept

    def to_dict(self) -> dict[str, list[dict[str, Any]]]:
        """All tables as JSON-compatible data (dates and datetimes as ISO strings)."""
        return {
            ns.value: [{c: _to_json(row[c], kind) for c, kind in SCHEMAS[ns].items()} for row in rows]
            for ns, rows in self.tables.items()
        }

    @classmethod
    def from_dict(cls, data: dict[str, list[dict[str, Any]]]) -> ExecutionContext:
        """Rebuild a context from :meth:`to_dict` output (re-seeds ``random`` like any new context)."""
        context = cls()
        for name, rows in data.items():
            ns = DatabaseNamespace(name)
            schema = SCHEMAS[ns]
            context.tables[ns] = [{c: _from_json(row.get(c), kind) for c, kind in schema.items()} for row in rows]
        return context


def _to_json(value: Any, kind: Any) -> Any:
    if value is None:
        return None
    if isinstance(kind, dict):
        return {k: _to_json(value.get(k), sub) for k, sub in kind.items()}
    if isinstance(kind, list):
        return [_to_json(v, kind[0]) for v in value]
    if kind in ("date", "datetime"):
        return value.isoformat()
    if kind == "list[datetime]":
        return [v.isoformat() for v in value]
    return _copy(value)


def _from_json(value: Any, kind: Any) -> Any:
    if value is None:
        return None
    if isinstance(kind, dict):
        return {k: _from_json(value.get(k), sub) for k, sub in kind.items()}
    if isinstance(kind, list):
        return [_from_json(v, kind[0]) for v in value]
    if kind == "date":
        return datetime.date.fromisoformat(value)
    if kind == "datetime":
        return datetime.datetime.fromisoformat(value)
    if kind == "list[datetime]":
        return [datetime.datetime.fromisoformat(v) for v in value]
    return _copy(value)


_current: ExecutionContext | None = None


def get_current_context() -> ExecutionContext:
    """The context library calls act on (a global one is created on first use)."""
    global _current
    if _current is None:
        _current = ExecutionContext()
    return _current


def set_current_context(execution_context: ExecutionContext) -> None:
    """Make ``execution_context`` the current context."""
    global _current
    _current = execution_context


@contextlib.contextmanager
def new_context(context: ExecutionContext) -> Iterator[ExecutionContext]:
    """Install ``context`` as the current one inside a ``with`` block, restoring the previous one after."""
    global _current
    previous = _current
    _current = context
    try:
        yield context
    finally:
        _current = previous
