"""What a program changed in the world, as the checked verdict compares it: occurrences, not storage.

Two programs that make the same change in different ways must compare equal, so a change is taken in this view:

* rows are compared by content, as multisets: row order and the events' own ids (``event_id``,
  ``recurrent_event_id``) are ignored, so updating an event in place and replacing it are the same change;
* a recurring series counts as its occurrences: its parent row (the one carrying the rule) is left out and its
  instance rows are compared without the fields that tie them to the parent, so a series and the equivalent
  single events are the same occurrences;
* other ids (people, rooms, calendars) are numbered by where they first appear in the world the setup built
  (:mod:`aspera_core.grading.ids`), the same for every program run on that setup;
* sharing the calendar is a set of people: sharing with Ann and Bo at once or one after the other, or with Ann
  twice, is the same change.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from aspera_core.grading.ids import IdNumbering, Tables, canonical_value

EVENT_TABLES = frozenset({"user_calendar", "shared_calendars"})
SHARES_TABLE = "user_metadata"
# Fields that say how an event is stored rather than what it is.
_STORAGE_FIELDS = frozenset({"event_id", "recurrent_event_id", "original_starts_at", "repeats"})


@dataclass(frozen=True)
class TableChange:
    """Rows (in the comparison's view) a run added to and removed from one table, each as often as it occurred."""

    added: tuple[dict[str, Any], ...]
    removed: tuple[dict[str, Any], ...]


def row_key(row: dict[str, Any]) -> str:
    """A row's content as canonical JSON text (equal rows, equal text)."""
    return json.dumps(row, sort_keys=True, default=str)


def row_digest(row: dict[str, Any]) -> str:
    """A short digest of :func:`row_key`."""
    return hashlib.sha256(row_key(row).encode("utf-8", errors="replace")).hexdigest()[:16]


def _is_series(row: dict[str, Any]) -> bool:
    repeats = row.get("repeats")
    return isinstance(repeats, dict) and any(value not in (None, []) for value in repeats.values())


def occurrences(table: str, rows: list[dict[str, Any]], ids: IdNumbering) -> list[dict[str, Any]]:
    """A table's rows in the comparison's view (see the module's text)."""
    if table in EVENT_TABLES:
        return [
            {name: canonical_value(value, ids) for name, value in row.items() if name not in _STORAGE_FIELDS}
            for row in rows
            if not _is_series(row)
        ]
    if table == SHARES_TABLE:
        people = {
            ids(person) for row in rows for person in (row.get("calendar_visible_to") or []) if isinstance(person, str)
        }
        return [{"shared_with": person} for person in sorted(people)]
    return [canonical_value(row, ids) for row in rows]


def world_delta(before: Tables, after: Tables, ids: IdNumbering | None = None) -> dict[str, TableChange]:
    """``table -> TableChange`` for every table the run changed (tables it left alone are absent).

    ``before`` and ``after`` are ``ExecutionContext.to_dict()`` around the program; ``ids`` numbers the ids
    (default: by ``before``).
    """
    delta: dict[str, TableChange] = {}
    for table in sorted(set(before) | set(after)):
        old_table, new_table = before.get(table) or [], after.get(table) or []
        if old_table == new_table:
            continue  # (most tables: compared as they are, at C speed, before anything is canonical)
        if table != SHARES_TABLE:
            # Only rows that differ as stored can differ in the comparison's view: the canonical multisets of the
            # two tables differ by the canonical rows of what the raw ones do (the rows both hold cancel out).
            old_table, new_table = _raw_difference(old_table, new_table)
        ids = ids or IdNumbering(before)
        old_rows = occurrences(table, old_table, ids)
        new_rows = occurrences(table, new_table, ids)
        old_keys, new_keys = [row_key(row) for row in old_rows], [row_key(row) for row in new_rows]
        if old_keys == new_keys:
            continue
        old, new = dict(zip(old_keys, old_rows)), dict(zip(new_keys, new_rows))
        old_count, new_count = Counter(old_keys), Counter(new_keys)
        added = [new[key] for key in sorted((new_count - old_count).elements())]
        removed = [old[key] for key in sorted((old_count - new_count).elements())]
        if added or removed:
            delta[table] = TableChange(tuple(added), tuple(removed))
    return delta


def _raw_difference(
    old: list[dict[str, Any]], new: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of ``old`` and of ``new`` that the other does not hold (as multisets of stored rows)."""
    old_keys = [json.dumps(row, sort_keys=True, default=str) for row in old]
    new_keys = [json.dumps(row, sort_keys=True, default=str) for row in new]
    common = Counter(old_keys) & Counter(new_keys)
    kept_old, kept_new = [], []
    for keys, rows, kept in ((old_keys, old, kept_old), (new_keys, new, kept_new)):
        left = Counter(common)
        for key, row in zip(keys, rows):
            if left[key] > 0:
                left[key] -= 1
            else:
                kept.append(row)
    return kept_old, kept_new


def people_names(tables: Tables, ids: IdNumbering) -> dict[str, str]:
    """Numbered employee id -> name, for describing rows to people."""
    return {
        ids(row["employee_id"]): str(row.get("name"))
        for row in tables.get("employees") or []
        if isinstance(row.get("employee_id"), str)
    }


def _moment(value: Any) -> str:
    text = str(value or "?").replace("T", " ")
    return text[:-3] if text.endswith(":00") and len(text) > 16 else text


def describe(table: str, row: dict[str, Any], names: dict[str, str]) -> str:
    """One line a person can read: an event by subject, time, people and room; other rows as compact JSON."""
    if table in EVENT_TABLES:
        subject = row.get("subject")
        text = f"{subject!r}" if subject else "an event without subject"
        starts, ends = row.get("starts_at"), row.get("ends_at")
        text += f" {_moment(starts)}"
        if ends is not None:
            end = _moment(ends)
            text += f"-{end[11:] if end[:10] == _moment(starts)[:10] else end}"
        people = [names.get(person, person) for person in row.get("attendees") or []]
        if people:
            text += " with " + ", ".join(sorted(people))
        if row.get("location"):
            text += f" in {row['location']}"
        if table == "shared_calendars" and row.get("calendar_id"):
            text = f"{names.get(row['calendar_id'], row['calendar_id'])}'s calendar: {text}"
        return text
    if table == SHARES_TABLE:
        person = row.get("shared_with", "?")
        return f"calendar shared with {names.get(person, person)}"
    return json.dumps(row, sort_keys=True, default=str)[:200]
