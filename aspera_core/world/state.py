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
import random
from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import Any

from aspera_core.world.columns import (
    BOOLEAN,
    DATE,
    DATETIME,
    INT32,
    TEXT,
    UINT8,
    Category,
    ColumnType,
    ListOf,
    Struct,
)
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


# Column types, as in the original's schemas. The category lists are the
# values of the library's ShowAsStatus, Team and EventFrequency enums (this
# layer sits below the library, so they are spelled out here).
_PEOPLE = ListOf(TEXT)
_REPEATS = Struct(
    {
        "frequency": Category(("daily", "weekly", "monthly", "yearly")),
        "period": INT32,
        "recurs_until": DATETIME,
        "max_repetitions": INT32,
        "which_weekday": ListOf(UINT8),
        "which_month_day": ListOf(UINT8),
        "which_year_month": ListOf(UINT8),
        "bysetpos": ListOf(INT32),
        "exclude_occurrence": ListOf(DATETIME),
        "occurrence_on_date": DATETIME,
    }
)
_DOCUMENT = Struct(
    {
        "title": TEXT,
        "content": TEXT,
        "author": ListOf(TEXT),
        "num_pages": INT32,
        "last_modified": DATETIME,
        "created_on": DATETIME,
        "is_starred": BOOLEAN,
        "folder": TEXT,
    }
)
CALENDAR_COLUMNS: dict[str, ColumnType] = {
    "attendees": _PEOPLE,
    "attendees_to_avoid": _PEOPLE,
    "optional_attendees": _PEOPLE,
    "declined_by": _PEOPLE,
    "tentative_attendees": _PEOPLE,
    "subject": TEXT,
    "location": TEXT,
    "starts_at": DATETIME,
    "ends_at": DATETIME,
    "show_as_status": Category(("busy", "outofoffice", "free")),
    "event_importance": Category(("normal", "high")),
    "repeats": _REPEATS,
    "notes": TEXT,
    "video_link": TEXT,
    "attachments": ListOf(_DOCUMENT),
    "event_id": TEXT,
    "recurrent_event_id": TEXT,
    "original_starts_at": DATETIME,
}

SCHEMAS: dict[DatabaseNamespace, dict[str, ColumnType]] = {
    DatabaseNamespace.USER_CALENDAR: CALENDAR_COLUMNS,
    DatabaseNamespace.SHARED_CALENDARS: {**CALENDAR_COLUMNS, "calendar_id": TEXT},
    DatabaseNamespace.EMPLOYEES: {
        "employee_id": TEXT,
        "name": TEXT,
        "email_address": TEXT,
        "mobile": TEXT,
        "team": Category(("salesmarketing", "engineering", "finance", "leadership", "assistants")),
        "role": TEXT,
        "video_conference_link": TEXT,
        "joined_date": DATE,
        "birth_date": DATE,
        "manager": TEXT,
        "assistant": TEXT,
        "reports": ListOf(TEXT),
        "is_user": BOOLEAN,
    },
    DatabaseNamespace.EMPLOYEE_VACATIONS: {
        "employee_id": TEXT,
        "starts": DATETIME,
        "ends": DATETIME,
    },
    DatabaseNamespace.CONFERENCE_ROOMS: {
        "room_id": TEXT,
        "capacity": UINT8,
        "room_name": TEXT,
    },
    DatabaseNamespace.CONFERENCE_ROOM_BOOKINGS: {
        "room_id": TEXT,
        "booking_id": TEXT,
        "start": DATETIME,
        "end": DATETIME,
    },
    DatabaseNamespace.SANDBOX: {"sandbox_message_index": INT32},
    DatabaseNamespace.USER_METADATA: {"calendar_visible_to": ListOf(TEXT)},
}

#: Per table, each column with the types it keeps as they are and the function
#: that stores any other value (skipping the call for the common case keeps
#: writes, which every setup program makes, as cheap as a plain copy).
_WRITERS = {
    ns: tuple((column, kind.passthrough, kind.store) for column, kind in columns.items())
    for ns, columns in SCHEMAS.items()
}


class ExecutionContext:
    """All mutable state of one simulated world.

    Constructing a context creates empty tables and calls ``random.seed(0)`` on
    Python's global random module, which makes the organisation simulation of
    the setup tools reproducible. ``query`` and ``interactive_console`` exist
    for compatibility with the original harness; the library never reads them.

    Args:
        library_fixes: Switch on the library's documented fixes of the
            original's defects (docs/compatibility.md). Off by default, so
            that programs get the original's behaviour and verdicts stay
            comparable with the paper's.
    """

    def __init__(self, library_fixes: bool = False) -> None:
        random.seed(0)
        self.library_fixes = library_fixes
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
        """Append ``rows``, converted to the table's column types; missing columns become ``None``.

        Values are stored the way the original's data frames store them (see
        ``aspera_core.world.columns``): an int given for a text column is kept
        as its digits, a number given for an integer column is truncated, a
        text that is not one of a category column's values becomes ``None``.
        The rows are converted before anything is appended, so a write that
        fails leaves the table as it was. Stored rows share no lists or dicts
        with ``rows``.

        Raises:
            KeyError: a row names a column the table does not have.
            ValueError: a row whose values are all ``None``.
            ComputeError: a value that its column cannot hold (a text for a
                datetime, a list for a text, 256 for an unsigned byte, ...).
            TypeError: a list value mixes items of different types.
        """
        namespace = DatabaseNamespace(namespace)
        schema = SCHEMAS[namespace]
        writers = _WRITERS[namespace]
        prepared = []
        for row in rows:
            if not row.keys() <= schema.keys():
                unknown = next(column for column in row if column not in schema)
                raise KeyError(f"{unknown!r} is not a column of table {namespace.value!r}")
            if all(value is None for value in row.values()):
                raise ValueError(f"cannot add an all-null row to table {namespace.value!r} (that pattern is reserved)")
            stored = {}
            try:
                for column, passthrough, store in writers:
                    value = row.get(column)
                    stored[column] = value if type(value) in passthrough else store(value)
            except ComputeError as error:
                raise ComputeError(f"{error} (column {column!r} of table {namespace.value!r})") from None
            prepared.append(stored)
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
            ns.value: [{c: kind.to_json(row[c]) for c, kind in SCHEMAS[ns].items()} for row in rows]
            for ns, rows in self.tables.items()
        }

    @classmethod
    def from_dict(cls, data: dict[str, list[dict[str, Any]]]) -> ExecutionContext:
        """Rebuild a context from :meth:`to_dict` output (re-seeds ``random`` like any new context)."""
        context = cls()
        for name, rows in data.items():
            ns = DatabaseNamespace(name)
            schema = SCHEMAS[ns]
            context.tables[ns] = [{c: kind.from_json(row.get(c)) for c, kind in schema.items()} for row in rows]
        return context


_current: ExecutionContext | None = None


def get_current_context() -> ExecutionContext:
    """The context library calls act on (a global one is created on first use)."""
    global _current
    if _current is None:
        _current = ExecutionContext()
    return _current


def current_context_or_none() -> ExecutionContext | None:
    """The current context, ``None`` if none was made yet (:func:`get_current_context` would make one)."""
    return _current


def swap_current_context(context: ExecutionContext | None) -> ExecutionContext | None:
    """Make ``context`` current and return the one it replaces, ``None`` if none was made yet (the executor
    installs and restores contexts around a program's steps without making a default one)."""
    global _current
    previous, _current = _current, context
    return previous


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
