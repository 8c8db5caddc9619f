"""Mapping the simulated world to the control world and back (docs/control.md, "From the simulated world and back").

:func:`save_world` applies what a program changed through the library's own
public calls (``add_event``, ``delete_event``, ``share_calendar``), so a control
program's changes are stored exactly as the equivalent library program's would
be. Everything a program wrote is checked before anything is stored; a
malformed world raises :class:`~aspera_workbench.control.surface.ControlWorldError`
and leaves the simulated world unchanged.
"""

from __future__ import annotations

import copy
import datetime
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from aspera_core.library.company_directory import Employee as _Handle
from aspera_core.library.files import Document
from aspera_core.library.time_utils import EventFrequency, RepetitionSpec
from aspera_core.library.work_calendar import Event as _LibraryEvent
from aspera_core.library.work_calendar import ShowAsStatus, add_event, delete_event, share_calendar
from aspera_core.world import NOW, DatabaseNamespace, ExecutionContext
from aspera_workbench.control.surface import (
    EVENT_KEYS,
    FREQUENCY_VALUES,
    IMPORTANCE_VALUES,
    PEOPLE_KEYS,
    REPEATS_KEYS,
    SHOW_AS_VALUES,
    ControlWorldError,
    World,
)

WORK_DAY_START = datetime.time(9, 6)
WORK_DAY_END = datetime.time(17, 10)

_SERIES, _OCCURRENCE, _SINGLE = "series", "occurrence", "single"
_DEFAULTS: dict[str, Any] = {"show_as_status": "busy", "event_importance": "normal"}
_REQUIRED = ("starts_at", "ends_at")
_TEXT_KEYS = ("subject", "location", "notes", "video_link", "recurrent_event_id")
_MISSING = object()


@dataclass
class Snapshot:
    """What :func:`build_world` handed out, to tell later what a program changed (all by id)."""

    events: dict[str, dict[str, Any]] = field(default_factory=dict)  # a private copy of each user-calendar entry
    kinds: dict[str, str] = field(default_factory=dict)  # series, occurrence or single
    series_of: dict[str, str] = field(default_factory=dict)  # each occurrence's series
    shared_with: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # every employee's
    attachments: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # not offered to programs


# --- Simulated world -> control world -----------------------------------------------------


def _event_entry(row: dict[str, Any]) -> dict[str, Any]:
    """A user- or colleague-calendar row as a control event dict (a deep copy)."""
    entry = {key: copy.deepcopy(row.get(key)) for key in EVENT_KEYS}
    repeats = entry["repeats"]
    # A stored rule whose members are all empty stands for "no rule" (as the library reads it).
    if repeats is not None and all(value is None for value in repeats.values()):
        entry["repeats"] = None
    return entry


def build_world(context: ExecutionContext) -> tuple[World, Snapshot]:
    """Copy the simulated world into a fresh control world, with the snapshot :func:`save_world` needs.

    Nothing in the world aliases stored rows: a program can change it freely
    without touching the simulated world.
    """
    tables = context.tables
    directory = tables[DatabaseNamespace.EMPLOYEES]
    users = [row["employee_id"] for row in directory if row["is_user"]]
    employees = [{**copy.deepcopy(row), "reports": list(row["reports"] or [])} for row in directory]
    snapshot = Snapshot(names={row["employee_id"]: row["name"] for row in directory})

    calendar = []
    for row in tables[DatabaseNamespace.USER_CALENDAR]:
        entry = _event_entry(row)
        event_id = entry["event_id"]
        calendar.append(entry)
        snapshot.events[event_id] = copy.deepcopy(entry)
        if entry["repeats"] is not None:
            snapshot.kinds[event_id] = _SERIES
        else:
            snapshot.kinds[event_id] = _SINGLE if entry["recurrent_event_id"] is None else _OCCURRENCE
        if snapshot.kinds[event_id] == _OCCURRENCE:
            snapshot.series_of[event_id] = row["recurrent_event_id"]
        if row.get("attachments"):
            snapshot.attachments[event_id] = copy.deepcopy(row["attachments"])

    user_id = users[0] if len(users) == 1 else None
    colleague_calendars: dict[str, list[dict[str, Any]]] = {
        row["employee_id"]: [] for row in directory if row["employee_id"] != user_id
    }
    for row in tables[DatabaseNamespace.SHARED_CALENDARS]:
        colleague_calendars.setdefault(row["calendar_id"], []).append(_event_entry(row))

    room_names = {row["room_id"]: row["room_name"] for row in tables[DatabaseNamespace.CONFERENCE_ROOMS]}
    shared_with = [
        employee_id for grant in tables[DatabaseNamespace.USER_METADATA] for employee_id in grant["calendar_visible_to"]
    ]
    snapshot.shared_with = list(shared_with)
    world = World(
        now=NOW,
        work_day_start=WORK_DAY_START,
        work_day_end=WORK_DAY_END,
        user_id=user_id,
        employees=employees,
        calendar=calendar,
        colleague_calendars=colleague_calendars,
        vacations=[
            {"employee_id": row["employee_id"], "start": row["starts"], "end": row["ends"]}
            for row in tables[DatabaseNamespace.EMPLOYEE_VACATIONS]
        ],
        rooms=[
            {"room_name": row["room_name"], "capacity": row["capacity"]}
            for row in tables[DatabaseNamespace.CONFERENCE_ROOMS]
        ],
        room_bookings=[
            {"room_name": room_names.get(row["room_id"]), "start": row["start"], "end": row["end"]}
            for row in tables[DatabaseNamespace.CONFERENCE_ROOM_BOOKINGS]
        ],
        calendar_shared_with=shared_with,
    )
    return world, snapshot


# --- Checking what a program left behind --------------------------------------------------


def _repr(value: Any, limit: int = 60) -> str:
    """``repr(value)`` for error messages, bounded and never raising."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__
        text = "<unprintable>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _show(value: Any) -> str:
    """A wrong value with its type, e.g. ``str '2024-06-26'``, for error messages."""
    return f"{type(value).__name__} {_repr(value)}"


class _Checker:
    """Checks one entry's values and gives them in the library's terms; errors name the place."""

    def __init__(self, where: str, names: dict[str, str]) -> None:
        self.where = where
        self.names = names

    def fail(self, key: str, message: str) -> ControlWorldError:
        return ControlWorldError(f"{self.where}[{key!r}]: {message}")

    def text(self, key: str, value: Any) -> str | None:
        if value is None or isinstance(value, str):
            return value
        raise self.fail(key, f"expected a str or None, got {_show(value)}")

    def moment(self, key: str, value: Any, optional: bool = True) -> datetime.datetime | None:
        if value is None and optional:
            return None
        if isinstance(value, datetime.datetime):
            if value.tzinfo is not None:
                raise self.fail(key, f"expected a datetime without a time zone (local time), got {value!r}")
            return value
        if isinstance(value, datetime.date):
            # A plain date means midnight of that day, as for the library's events.
            return datetime.datetime.combine(value, datetime.time())
        expected = "a datetime.datetime" + (" or None" if optional else "")
        raise self.fail(key, f"expected {expected}, got {_show(value)}")

    def choice(self, key: str, value: Any, allowed: tuple[str, ...]) -> str:
        if isinstance(value, str) and value in allowed:
            return value
        raise self.fail(key, f"expected one of {', '.join(map(repr, allowed))}, got {_show(value)}")

    def integer(self, key: str, value: Any, low: int | None = None, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"expected an int, got {_show(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"from {low}" + (f" to {high}" if high is not None else " up")
            raise self.fail(key, f"expected an int {bounds}, got {value}")
        return value

    def sequence(self, key: str, value: Any) -> list[Any] | None:
        if value is None:
            return None
        if isinstance(value, (list, tuple)):
            return list(value)
        raise self.fail(key, f"expected a list or None, got {_show(value)}")

    def people(self, key: str, value: Any) -> list[_Handle] | None:
        ids = self.sequence(key, value)
        if ids is None:
            return None
        handles = []
        for index, employee_id in enumerate(ids):
            if not isinstance(employee_id, str):
                raise self.fail(key, f"item {index}: expected an employee_id (str), got {_show(employee_id)}")
            if employee_id not in self.names:
                raise self.fail(key, f"item {index}: no employee has the id {employee_id!r}")
            handles.append(_Handle(name=self.names[employee_id], employee_id=employee_id))
        return handles

    def numbers(self, key: str, value: Any, low: int | None = None, high: int | None = None) -> list[int] | None:
        items = self.sequence(key, value)
        if items is None:
            return None
        return [self.integer(f"{key}'][{index}", item, low, high) for index, item in enumerate(items)]

    def rule(self, value: Any) -> RepetitionSpec | None:
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.fail("repeats", f"expected a dict (see Repeats) or None, got {_show(value)}")
        unknown = [key for key in value if key not in REPEATS_KEYS]
        if unknown:
            raise self.fail("repeats", f"unknown key {_repr(unknown[0])}; the keys are {', '.join(REPEATS_KEYS)}")
        inner = _Checker(f"{self.where}['repeats']", self.names)
        if value.get("frequency") is None:
            raise inner.fail("frequency", f"is required: one of {', '.join(map(repr, FREQUENCY_VALUES))}")
        until = value.get("recurs_until")
        if until is not None and not isinstance(until, datetime.date):
            raise inner.fail("recurs_until", f"expected a datetime.date or None, got {_show(until)}")
        if until is not None and value.get("max_repetitions") is not None:
            raise inner.fail("max_repetitions", "give max_repetitions or recurs_until, not both")
        period = value.get("period")
        excluded = inner.sequence("exclude_occurrence", value.get("exclude_occurrence"))
        return RepetitionSpec(
            frequency=EventFrequency(inner.choice("frequency", value["frequency"], FREQUENCY_VALUES)),
            period=1 if period is None else inner.integer("period", period, low=1),
            recurs_until=until,
            max_repetitions=(
                None
                if value.get("max_repetitions") is None
                else inner.integer("max_repetitions", value["max_repetitions"], low=1)
            ),
            which_weekday=inner.numbers("which_weekday", value.get("which_weekday"), 0, 6),
            which_month_day=inner.numbers("which_month_day", value.get("which_month_day"), -31, 31),
            which_year_month=inner.numbers("which_year_month", value.get("which_year_month"), 1, 12),
            bysetpos=inner.numbers("bysetpos", value.get("bysetpos")),
            exclude_occurrence=(
                None
                if excluded is None
                else [
                    inner.moment(f"exclude_occurrence'][{index}", item, optional=False)
                    for index, item in enumerate(excluded)
                ]
            ),
            occurrence_on_date=inner.moment("occurrence_on_date", value.get("occurrence_on_date")),
        )


def _library_event(entry: dict[str, Any], where: str, snapshot: Snapshot) -> _LibraryEvent:
    """Check a new or changed entry and build the library event it stands for."""
    unknown = [key for key in entry if key not in EVENT_KEYS]
    if unknown:
        raise ControlWorldError(
            f"{where}: unknown key {_repr(unknown[0])}; an event's keys are {', '.join(EVENT_KEYS)}"
        )
    for key in _REQUIRED:
        if entry.get(key) is None:
            raise ControlWorldError(f"{where}: {key!r} is required (a datetime.datetime)")
    check = _Checker(where, snapshot.names)
    value = {key: entry.get(key, _DEFAULTS.get(key)) for key in EVENT_KEYS}
    fields: dict[str, Any] = {key: check.text(key, value[key]) for key in _TEXT_KEYS}
    fields.update({key: check.people(key, value[key]) for key in PEOPLE_KEYS})
    fields["starts_at"] = check.moment("starts_at", value["starts_at"], optional=False)
    fields["ends_at"] = check.moment("ends_at", value["ends_at"], optional=False)
    fields["original_starts_at"] = check.moment("original_starts_at", value["original_starts_at"])
    fields["show_as_status"] = ShowAsStatus(check.choice("show_as_status", value["show_as_status"], SHOW_AS_VALUES))
    fields["event_importance"] = check.choice("event_importance", value["event_importance"], IMPORTANCE_VALUES)
    fields["repeats"] = check.rule(value["repeats"])
    event_id = value["event_id"]
    fields["event_id"] = event_id
    if event_id in snapshot.attachments:
        # Not offered to programs; carried over so a changed event keeps them.
        fields["attachments"] = [Document(**document) for document in snapshot.attachments[event_id]]
    try:
        return _LibraryEvent(**fields)
    except ValueError as error:  # pydantic's ValidationError; the checks above should leave none
        raise ControlWorldError(f"{where}: not a valid event: {error}") from error


@dataclass
class Changes:
    """The difference between a control world and the world it was built from, in list order."""

    removed: list[str] = field(default_factory=list)  # ids, series first
    changed: list[_LibraryEvent] = field(default_factory=list)  # stored over their old versions
    added: list[_LibraryEvent] = field(default_factory=list)
    share_with: list[_Handle] = field(default_factory=list)


def _entries(world: Any, name: str) -> list[Any]:
    value = getattr(world, name, _MISSING)
    if value is _MISSING:
        raise ControlWorldError(f"world.{name} is missing (it was deleted)")
    if not isinstance(value, (list, tuple)):
        raise ControlWorldError(f"world.{name} must be a list, got {_show(value)}")
    return list(value)


def _calendar_changes(world: Any, snapshot: Snapshot, changes: Changes) -> None:
    seen: dict[str, int] = {}
    changed: list[tuple[int, dict[str, Any]]] = []
    new: list[tuple[int, dict[str, Any]]] = []
    for index, entry in enumerate(_entries(world, "calendar")):
        where = f"world.calendar[{index}]"
        if not isinstance(entry, dict):
            raise ControlWorldError(f"{where}: expected an event dict, got {_show(entry)}")
        event_id = entry.get("event_id")
        if event_id is None:
            new.append((index, entry))
            continue
        if not isinstance(event_id, str):
            raise ControlWorldError(f"{where}['event_id']: expected a str or None, got {_show(event_id)}")
        if event_id not in snapshot.events:
            raise ControlWorldError(
                f"{where}['event_id']: no event has the id {event_id!r}; leave 'event_id' out of a new event"
            )
        if event_id in seen:
            raise ControlWorldError(
                f"{where}['event_id']: {event_id!r} is also the id of world.calendar[{seen[event_id]}]; "
                "to add a copy of an event, make a new dict without 'event_id'"
            )
        seen[event_id] = index
        if entry != snapshot.events[event_id]:
            changed.append((index, entry))

    removed = [event_id for event_id in snapshot.events if event_id not in seen]
    changed_ids = {entry["event_id"] for _, entry in changed}
    # A series that is removed or changed takes all its occurrences with it (a
    # change re-creates them from the rule), so its occurrences' own edits are moot.
    replaced = {event_id for event_id in set(removed) | changed_ids if snapshot.kinds[event_id] == _SERIES}

    def moot(event_id: str) -> bool:
        return snapshot.series_of.get(event_id) in replaced

    changes.removed = sorted(
        (event_id for event_id in removed if not moot(event_id)),
        key=lambda event_id: snapshot.kinds[event_id] != _SERIES,
    )
    for index, entry in changed:
        if not moot(entry["event_id"]):
            changes.changed.append(_library_event(entry, f"world.calendar[{index}]", snapshot))
    for index, entry in new:
        changes.added.append(_library_event(entry, f"world.calendar[{index}]", snapshot))


def _sharing_changes(world: Any, snapshot: Snapshot, changes: Changes) -> None:
    shared = _entries(world, "calendar_shared_with")
    for index, employee_id in enumerate(shared):
        if not isinstance(employee_id, str):
            raise ControlWorldError(
                f"world.calendar_shared_with[{index}]: expected an employee_id (str), got {_show(employee_id)}"
            )
        if employee_id not in snapshot.names:
            raise ControlWorldError(f"world.calendar_shared_with[{index}]: no employee has the id {employee_id!r}")
    before, after = Counter(snapshot.shared_with), Counter(shared)
    withdrawn = before - after
    if withdrawn:
        raise ControlWorldError(
            "world.calendar_shared_with: access cannot be withdrawn, but "
            + ", ".join(f"{snapshot.names[i]} ({i})" for i in withdrawn)
            + " was removed"
        )
    remaining = Counter(before)
    for employee_id in shared:
        if remaining[employee_id]:
            remaining[employee_id] -= 1
        else:
            changes.share_with.append(_Handle(name=snapshot.names[employee_id], employee_id=employee_id))


def _apply(changes: Changes) -> None:
    """Store changes in the current simulated world through the library's public calls.

    When the library refuses a change (for example a recurrence rule it cannot
    expand), earlier changes stay stored, as they would after a library
    program failed half-way.
    """
    steps: list[tuple[str, Any]] = [("delete", event_id) for event_id in changes.removed]
    steps += [("update", event) for event in changes.changed]
    steps += [("add", event) for event in changes.added]
    for action, item in steps:
        try:
            if action == "delete":
                delete_event(_LibraryEvent(event_id=item))
            else:
                add_event(item)
        except Exception as error:
            what = item if action == "delete" else (item.event_id or item.subject)
            raise ControlWorldError(
                f"world.calendar: could not {action} event {what!r}: {type(error).__name__}: {error}"
            ) from error
    if changes.share_with:
        share_calendar(changes.share_with)


def save_world(world: Any, snapshot: Snapshot) -> None:
    """Check a control world and store its changes in the current simulated world.

    Raises:
        ControlWorldError: the world is malformed (the message names the entry
            and the key; nothing is stored) or the library refused a change.
    """
    changes = Changes()
    try:
        _calendar_changes(world, snapshot, changes)
        _sharing_changes(world, snapshot, changes)
    except ControlWorldError:
        raise
    except Exception as error:
        # Whatever a program left behind (objects whose comparison raises, ...)
        # must end as the program's failure, never as a crash of the evaluation.
        raise ControlWorldError(f"the world cannot be read back: {type(error).__name__}: {error}") from error
    _apply(changes)
