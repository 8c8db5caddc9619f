"""What a program changed in the world: rows added, removed and changed per table, for people to read.

The comparison is the audit's (ids renumbered by their first appearance before the program ran,
ids it created all ``<new>``, each table a multiset of rows), so random ids never show as changes
and two runs made the same change exactly when their :attr:`PairChange.signature` are equal. On
top, a removed and an added row with the same id (:data:`ROW_KEYS`) show as one *changed* row, and
rows read as people do: names for employee and room ids, weekdays on date-times, no empty columns.
The worlds come from ``Verdict.world`` (a job evaluated with ``capture_world=True``).
"""

from __future__ import annotations

import datetime
import html
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from aspera_workbench.audit import IdNumbering, canonical_value, row_text, world_change

Tables = Mapping[str, Sequence[Mapping[str, Any]]]

#: The column that identifies a row of a table, where there is one.
ROW_KEYS: dict[str, str] = {
    "user_calendar": "event_id",
    "shared_calendars": "event_id",
    "employees": "employee_id",
    "conference_rooms": "room_id",
    "conference_room_bookings": "booking_id",
}

#: Columns that say which row is meant, shown beside a changed row's changed columns.
ROW_NAMES: dict[str, tuple[str, ...]] = {
    "user_calendar": ("subject", "starts_at"),
    "shared_calendars": ("subject", "starts_at"),
    "employees": ("name",),
    "employee_vacations": ("employee_id", "starts"),
    "conference_rooms": ("room_name",),
    "conference_room_bookings": ("room_id", "start"),
}

#: How tables are named for people.
TABLE_TITLES: dict[str, str] = {
    "user_calendar": "the user's calendar",
    "shared_calendars": "shared calendars",
    "employees": "colleagues",
    "employee_vacations": "vacations",
    "conference_rooms": "conference rooms",
    "conference_room_bookings": "room bookings",
    "sandbox": "sandbox",
    "user_metadata": "user settings",
}

_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_DATETIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?")


@dataclass(frozen=True)
class TableChange:
    """The rows of one table that a run added, removed or changed (readable rows).

    ``changed`` holds ``(before, after)`` of rows that kept their id: the columns naming the row and
    those that changed.
    """

    table: str
    added: tuple[dict[str, Any], ...] = ()
    removed: tuple[dict[str, Any], ...] = ()
    changed: tuple[tuple[dict[str, Any], dict[str, Any]], ...] = ()


@dataclass(frozen=True)
class PairChange:
    """What a program changed in the world of one pair: the tables that changed, in the world's order.

    ``signature`` is the audit's canonical change (equal signatures are the same change); ``None``
    when a world could not be read.
    """

    pair: int
    tables: dict[str, TableChange] = field(default_factory=dict)
    signature: dict[str, Any] | None = None

    @property
    def readable(self) -> bool:
        """Whether both worlds could be read."""
        return self.signature is not None


def _names(*worlds: Tables) -> dict[str, str]:
    """Employee and room ids -> their names, from any of the worlds."""
    names: dict[str, str] = {}
    for world in worlds:
        for row in world.get("employees", ()):
            if row.get("employee_id") and row.get("name"):
                names[str(row["employee_id"]).lower()] = str(row["name"])
        for row in world.get("conference_rooms", ()):
            if row.get("room_id") and row.get("room_name"):
                names[str(row["room_id"]).lower()] = str(row["room_name"])
    return names


def readable_value(value: Any, names: Mapping[str, str], ids: Any = None) -> Any:
    """A stored value as a person reads it: ids of people and rooms as ``names``, other ids renumbered by
    ``ids`` (``<id-3>``, ``<new>``; kept when ``None``), date-times as ``"Thu 2024-06-27 15:00"``."""
    if isinstance(value, str):
        if _UUID.fullmatch(value) and value.lower() in names:
            return names[value.lower()]
        if _DATETIME.fullmatch(value):
            moment = datetime.datetime.fromisoformat(value)
            return moment.strftime("%a %Y-%m-%d %H:%M" + (":%S" if moment.second else ""))
        return ids(value) if ids is not None else value
    if isinstance(value, list):
        return [readable_value(item, names, ids) for item in value]
    if isinstance(value, dict):
        return {key: readable_value(item, names, ids) for key, item in value.items() if not _empty(item)}
    return value


def _empty(value: Any) -> bool:
    return value is None or value == [] or value == {} or value == ""


def readable_row(row: Mapping[str, Any], table: str, names: Mapping[str, str], ids: Any = None) -> dict[str, Any]:
    """A row without its empty columns and its own id, values made readable (see :func:`readable_value`)."""
    own_id = ROW_KEYS.get(table)
    return {
        column: readable_value(value, names, ids)
        for column, value in row.items()
        if column != own_id and not _empty(value)
    }


def readable_table(tables: Tables, table: str, before: Tables | None = None) -> pd.DataFrame:
    """One table of a world as a frame for reading: names for ids, weekdays on date-times, empty columns left out.

    Other ids are numbered as the change view numbers them, by the world ``before`` the program ran
    (``tables`` itself when omitted), so a table and the change beside it name an id alike.

    Raises:
        KeyError: the world has no such table.
    """
    if table not in tables:
        raise KeyError(f"the world has no table {table!r}; tables: {', '.join(tables)}")
    names = _names(tables) if before is None else _names(before, tables)
    ids = IdNumbering(dict(before if before is not None else tables))
    rows = [readable_row(row, table, names, ids) for row in tables[table]]
    columns = [column for column in _columns(tables[table]) if column != ROW_KEYS.get(table)]
    frame = pd.DataFrame.from_records([{c: _cell(row.get(c)) for c in columns} for row in rows], columns=columns)
    return frame.dropna(axis=1, how="all")


def _columns(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    return list(dict.fromkeys(column for row in rows for column in row))


def _cell(value: Any) -> Any:
    """A readable value as one table cell: lists joined with commas, structures as ``key=value`` text."""
    if value is None:
        return None
    if isinstance(value, list):
        return ", ".join(str(_cell(item)) for item in value)
    if isinstance(value, dict):
        return "; ".join(f"{key}={_cell(item)}" for key, item in value.items())
    return value


def world_diff(before: Tables, after: Tables) -> dict[str, TableChange]:
    """The rows added, removed and changed in each table that changed between two worlds (in the world's order)."""
    ids = IdNumbering(before)  # (numbers ids by the world before: the program's own ids read <new>)
    names = _names(before, after)
    changes: dict[str, TableChange] = {}
    for table in list(dict.fromkeys([*before, *after])):
        old_rows, new_rows = list(before.get(table, ())), list(after.get(table, ()))
        old_texts = [row_text(dict(row), ids) for row in old_rows]
        new_texts = [row_text(dict(row), ids) for row in new_rows]
        gone = Counter(old_texts) - Counter(new_texts)
        came = Counter(new_texts) - Counter(old_texts)
        removed = _take(old_rows, old_texts, gone)
        added = _take(new_rows, new_texts, came)
        if not removed and not added:
            continue
        changed, removed, added = _pair_by_key(table, removed, added, ids)
        changes[table] = TableChange(
            table,
            added=tuple(readable_row(row, table, names, ids) for row in added),
            removed=tuple(readable_row(row, table, names, ids) for row in removed),
            changed=tuple(_changed_columns(table, old, new, names, ids) for old, new in changed),
        )
    return changes


def _take(rows: list[Mapping[str, Any]], texts: list[str], wanted: Counter[str]) -> list[Mapping[str, Any]]:
    """The rows whose canonical texts are in ``wanted`` (as many of each as wanted), in stored order."""
    left = Counter(wanted)
    taken = []
    for row, text in zip(rows, texts):
        if left[text] > 0:
            left[text] -= 1
            taken.append(row)
    return taken


def _pair_by_key(
    table: str, removed: list[Mapping[str, Any]], added: list[Mapping[str, Any]], ids: Any
) -> tuple[list[tuple[Mapping[str, Any], Mapping[str, Any]]], list[Mapping[str, Any]], list[Mapping[str, Any]]]:
    """Removed and added rows sharing their id (exactly one of each) become one changed row."""
    key = ROW_KEYS.get(table)
    if key is None:
        return [], removed, added

    def keyed(rows: list[Mapping[str, Any]]) -> Counter[str]:
        return Counter(ids(str(row[key])) for row in rows if row.get(key))

    old_keys, new_keys = keyed(removed), keyed(added)
    both = {k for k in old_keys if old_keys[k] == 1 and new_keys.get(k) == 1 and k != "<new>"}
    if not both:
        return [], removed, added
    new_by_key = {ids(str(row[key])): row for row in added if row.get(key) and ids(str(row[key])) in both}
    pairs = [(row, new_by_key[ids(str(row[key]))]) for row in removed if row.get(key) and ids(str(row[key])) in both]
    paired_old = {id(old) for old, _ in pairs}
    paired_new = {id(new) for _, new in pairs}
    return (
        pairs,
        [row for row in removed if id(row) not in paired_old],
        [row for row in added if id(row) not in paired_new],
    )


def _changed_columns(
    table: str, old: Mapping[str, Any], new: Mapping[str, Any], names: Mapping[str, str], ids: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The naming columns and the columns that differ, before and after."""
    columns = [
        column
        for column in _columns([old, new])
        if canonical_value(old.get(column), ids) != canonical_value(new.get(column), ids)
    ]
    shown = [c for c in ROW_NAMES.get(table, ()) if c not in columns] + columns
    return (
        {c: readable_value(old.get(c), names, ids) for c in shown},
        {c: readable_value(new.get(c), names, ids) for c in shown},
    )


def pair_changes(world: Iterable[Mapping[str, Any]]) -> list[PairChange]:
    """What a program changed in each pair's world, from ``Verdict.world``, in pair order (a world that could
    not be read gives a change with ``signature = None``)."""
    changes = []
    for entry in sorted(world, key=lambda item: item["pair"]):
        before, after = entry.get("before"), entry.get("after")
        if not isinstance(before, Mapping) or not isinstance(after, Mapping):
            changes.append(PairChange(entry["pair"]))
            continue
        signature = world_change(dict(before), dict(after), IdNumbering(dict(before)))
        changes.append(PairChange(entry["pair"], world_diff(before, after), signature))
    return changes


def same_change(first: PairChange, second: PairChange) -> bool | None:
    """Whether two runs changed the world the same way (``None`` when a world could not be read)."""
    if first.signature is None or second.signature is None:
        return None
    return first.signature == second.signature


def _describe(row: Mapping[str, Any]) -> str:
    return "; ".join(f"{column}: {_cell(value)}" for column, value in row.items())


_COLOURS = {"added": "#e6f4ea", "removed": "#fce8e6", "before": "#fef7e0", "after": "#fef7e0"}
#: A cell whose value the program changed: marked in the row before and in the row after.
_CHANGED_CELL = "background:#ffd75e;font-weight:bold"
# Every cell says text-align: JupyterLab and nbconvert's HTML right-align table cells otherwise.
_TD = "text-align:left;vertical-align:top;padding:1px 6px"


#: How a row the other program does not change is marked: on the candidate's side, on the reference's.
_UNMATCHED = {"extra": "only this program", "missing": "only the reference"}


def change_html(change: PairChange | None, other: PairChange | None = None, unmatched: str = "extra") -> str:
    """A pair's change as HTML: per table, its rows under shared column headings; a sentence when nothing changed.

    A changed row shows *before* above *after*, the changed cells marked in both. Rows that the
    ``other`` program's change in the pair does not change alike get the class
    ``aspera-row-<unmatched>`` (``extra`` on the candidate's side, ``missing`` on the reference's).
    """
    if change is None:
        return "<i>this run did not reach the program in this pair</i>"
    if not change.readable:
        return "<i>the world could not be read after this run</i>"
    if not change.tables:
        return "<i>nothing changed</i>"
    theirs = _row_keys(other) if other is not None and other.readable else None
    return "".join(_table_html(diff, theirs, unmatched) for diff in change.tables.values())


def _row_keys(change: PairChange) -> Counter[tuple[str, str, str]]:
    """Each row a change adds, removes or changes, as ``(table, kind, text)``."""
    keys: Counter[tuple[str, str, str]] = Counter()
    for table, diff in change.tables.items():
        keys.update((table, "added", _describe(row)) for row in diff.added)
        keys.update((table, "removed", _describe(row)) for row in diff.removed)
        keys.update((table, "changed", f"{_describe(old)} -> {_describe(new)}") for old, new in diff.changed)
    return keys


def _table_html(diff: TableChange, theirs: Counter[tuple[str, str, str]] | None, unmatched: str) -> str:
    """One table's change: a heading with its counts, then the rows, column by column."""
    changed_rows = [row for pair in diff.changed for row in pair]
    columns = _columns([*changed_rows, *diff.removed, *diff.added])
    left = Counter(theirs) if theirs is not None else None

    def flag(kind: str, text: str) -> str | None:
        if left is None:
            return None
        key = (diff.table, kind, text)
        if left[key] > 0:
            left[key] -= 1
            return None
        return unmatched

    lines = []
    for old, new in diff.changed:
        marked = {column for column in columns if old.get(column) != new.get(column)}
        mark = flag("changed", f"{_describe(old)} -> {_describe(new)}")
        lines.append(_row_html("before", old, columns, marked, mark))
        lines.append(_row_html("after", new, columns, marked, mark))
    lines += [_row_html("removed", row, columns, mark=flag("removed", _describe(row))) for row in diff.removed]
    lines += [_row_html("added", row, columns, mark=flag("added", _describe(row))) for row in diff.added]
    head = f"<tr><th style='{_TD}'></th>" + "".join(f"<th style='{_TD}'>{html.escape(c)}</th>" for c in columns)
    counts = f"{len(diff.added)} added, {len(diff.removed)} removed, {len(diff.changed)} changed"
    return (
        f"<div style='margin:4px 0 2px'><b>{html.escape(TABLE_TITLES.get(diff.table, diff.table))}</b> · {counts}</div>"
        '<table class="aspera-change" style="border-collapse:collapse;font-size:12px">'
        + head
        + "</tr>"
        + "".join(lines)
        + "</table>"
    )


def _row_html(
    kind: str, row: Mapping[str, Any], columns: Sequence[str], marked: Collection[str] = (), mark: str | None = None
) -> str:
    # A before row gets a line above it, so each changed row's pair reads as one.
    border = ";border-top:1px solid #ccc" if kind in ("before", "removed", "added") else ""
    note = f"<br><b style='color:#b3261e'>{_UNMATCHED[mark]}</b>" if mark else ""
    cells = [f"<td style='{_TD}'><i>{kind}</i>{note}</td>"]
    for column in columns:
        text = html.escape(str(_cell(row.get(column)) if row.get(column) is not None else ""))
        if column in marked:
            cells.append(f"<td class='aspera-changed-cell' style='{_TD};{_CHANGED_CELL}'>{text}</td>")
        else:
            cells.append(f"<td style='{_TD}'>{text}</td>")
    classes = f"aspera-row-{kind}" + (f" aspera-row-{mark}" if mark else "")
    outline = ";box-shadow:inset 4px 0 #b3261e;font-weight:bold" if mark else ""
    return f'<tr class="{classes}" style="background:{_COLOURS[kind]}{border}{outline}">' + "".join(cells) + "</tr>"


def compare_html(candidate: Sequence[PairChange], reference: Sequence[PairChange] | None) -> str:
    """The candidate's change beside the reference program's (``None``: not run), pair by pair, as HTML."""
    by_pair = {change.pair: change for change in reference or ()}
    pairs = sorted({c.pair for c in candidate} | set(by_pair))
    if not pairs:
        return "<i>no evaluation program called the program, so no world change was recorded</i>"
    parts = []
    for index in pairs:
        mine = next((c for c in candidate if c.pair == index), None)
        theirs = by_pair.get(index)
        if reference is None:
            verdict = ""
        elif mine is None or theirs is None:
            verdict = " · only one of the two programs ran here"
        else:
            same = same_change(mine, theirs)
            verdict = {
                True: " · <b>same change as the reference</b>",
                False: " · <b>differs from the reference</b>",
            }.get(same, "")
        # One above the other: a table's columns need the page's width to stay readable.
        heading = "<div style='margin:6px 0 2px;font-style:italic'>{}</div>"
        parts.append(
            f"<div style='margin:6px 0;font-weight:bold;font-size:14px'>Pair {index}{verdict}</div>"
            + heading.format("this program")
            + change_html(mine, theirs)
            + (
                heading.format("reference program") + change_html(theirs, mine, "missing")
                if reference is not None
                else ""
            )
        )
    return "".join(parts)
