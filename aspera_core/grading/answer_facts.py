"""Which candidates of the world an answer names: people, rooms, dates, times and numbers.

An answer is read as a person would: typed values count for what they are (an employee is a person, a datetime a
date and a time, a number a number), and text is scanned for the world's people and rooms by name and for dates,
times and numbers in the common ways of writing them (``2024-06-25``, ``25 June 2024``, ``June 25``,
``14:30``, ``2:30 PM``, ``2 pm``, ``noon``). A date or time is read once: the digits inside it are not numbers
too. Each candidate becomes one key (``person:ann``, ``room:oak``, ``date:2024-06-25``, ``time:14:30``,
``number:3``), so two answers that give the same facts in other words or formats name the same keys.
"""

from __future__ import annotations

import datetime
import enum
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_ISO_DATE = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_SLASH_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")
_DAY_MONTH = re.compile(rf"(?<![\w]){_DAY}(?:\s+of)?\s+{_MONTH}(?:,?\s+(\d{{4}}))?(?![\w])", re.IGNORECASE)
_MONTH_DAY = re.compile(rf"(?<![\w]){_MONTH}\s+{_DAY}(?:,?\s+(\d{{4}}))?(?![\w])", re.IGNORECASE)
_CLOCK = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:\s*([ap])\.?\s?m\.?)?(?![\d:])", re.IGNORECASE)
_HOUR = re.compile(r"(?<![\d:])(\d{1,2})\s*([ap])\.?\s?m\.?(?![\w])", re.IGNORECASE)
_NAMED_TIME = re.compile(r"\b(noon|midday|midnight)\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w]|\.\d)")
_TEXT_LIMIT = 200_000
_ITEM_LIMIT = 5_000


@dataclass(frozen=True)
class Vocabulary:
    """The names a text is scanned for: people and rooms of one world, and the year dates without one fall in."""

    people: frozenset[str]
    rooms: frozenset[str]
    year: int

    @classmethod
    def of(cls, tables: dict[str, list[dict[str, Any]]], today: datetime.date) -> Vocabulary:
        """The people and rooms of a world's tables (``ExecutionContext.to_dict()``)."""
        people = {str(row["name"]) for row in tables.get("employees") or [] if row.get("name")}
        rooms = {str(row["room_name"]) for row in tables.get("conference_rooms") or [] if row.get("room_name")}
        return cls(frozenset(people), frozenset(rooms), today.year)

    def pattern(self) -> re.Pattern[str] | None:
        return _names_pattern(self.people | self.rooms)


@functools.lru_cache(maxsize=64)
def _names_pattern(names: frozenset[str]) -> re.Pattern[str] | None:
    """One pattern for a world's names, longest first (compiled once per world, not once per answer)."""
    ordered = sorted(names, key=len, reverse=True)
    if not ordered:
        return None
    return re.compile(r"(?<![\w])(" + "|".join(map(re.escape, ordered)) + r")(?![\w])", re.IGNORECASE)


def date_key(day: datetime.date) -> str:
    return f"date:{day.isoformat()}"


def time_key(moment: datetime.time) -> str:
    return f"time:{moment.hour:02d}:{moment.minute:02d}"


def _number_key(value: float) -> str:
    return f"number:{int(value)}" if float(value).is_integer() else f"number:{value:g}"


class _Scanner:
    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        self.names = vocabulary.pattern()
        self.people = {name.lower() for name in vocabulary.people}
        self.found: set[str] = set()

    def value(self, value: Any, depth: int = 0, budget: list[int] | None = None) -> None:
        """Add the keys a value names (typed values directly, text by scanning)."""
        budget = budget if budget is not None else [_ITEM_LIMIT]
        budget[0] -= 1
        if budget[0] < 0 or depth > 8 or value is None or isinstance(value, bool):
            return
        if isinstance(value, enum.Enum):
            value = value.value
        if isinstance(value, str):
            self.text(value)
        elif isinstance(value, int | float):
            self.found.add(_number_key(value))
        elif isinstance(value, datetime.datetime):
            self.found.add(date_key(value.date()))
            if value.time() != datetime.time(0, 0):
                self.found.add(time_key(value.time()))
        elif isinstance(value, datetime.date):
            self.found.add(date_key(value))
        elif isinstance(value, datetime.time):
            self.found.add(time_key(value))
        elif isinstance(value, datetime.timedelta):
            self.found.add(_number_key(value.total_seconds() / 60))
        elif isinstance(getattr(value, "employee_id", None), str) and isinstance(getattr(value, "name", None), str):
            self.text(value.name)
        elif isinstance(value, dict):
            for key, item in list(value.items())[:_ITEM_LIMIT]:
                self.value(key, depth + 1, budget)
                self.value(item, depth + 1, budget)
        elif isinstance(value, list | tuple | set | frozenset):
            for item in list(value)[:_ITEM_LIMIT]:
                self.value(item, depth + 1, budget)
        elif hasattr(type(value), "model_fields"):  # a pydantic model of the library (an event, a room...)
            for name in type(value).model_fields:
                if name not in ("event_id", "recurrent_event_id", "employee_id", "room_id"):
                    self.value(getattr(value, name, None), depth + 1, budget)
        elif is_dataclass(value):
            for item in fields(value):
                self.value(getattr(value, item.name, None), depth + 1, budget)
        else:
            try:
                self.text(str(value))
            except Exception:  # noqa: BLE001 - a value that cannot say what it is names nothing
                return

    def text(self, text: str) -> None:
        text = text[:_TEXT_LIMIT]
        text = self._dates(text)
        text = self._times(text)
        if self.names is not None:
            for match in self.names.finditer(text):
                name = match.group(1).lower()
                self.found.add(f"person:{name}" if name in self.people else f"room:{name}")
            text = self.names.sub(" ", text)
        for match in _NUMBER.finditer(text):
            self.found.add(_number_key(float(match.group(1))))

    def _date(self, year: int, month: int, day: int) -> None:
        try:
            self.found.add(date_key(datetime.date(year, month, day)))
        except ValueError:
            pass

    def _dates(self, text: str) -> str:
        def iso(match: re.Match[str]) -> str:
            self._date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
            return " "

        def slash(match: re.Match[str]) -> str:
            first, second, year = int(match.group(1)), int(match.group(2)), int(match.group(3))
            day, month = (first, second) if first > 12 else (second, first)  # 25/06 is a day first; else US order
            self._date(year, month, day)
            return " "

        def day_month(match: re.Match[str]) -> str:
            year = int(match.group(3)) if match.group(3) else self.vocabulary.year
            self._date(year, _MONTHS[match.group(2).lower()], int(match.group(1)))
            return " "

        def month_day(match: re.Match[str]) -> str:
            year = int(match.group(3)) if match.group(3) else self.vocabulary.year
            self._date(year, _MONTHS[match.group(1).lower()], int(match.group(2)))
            return " "

        text = _ISO_DATE.sub(iso, text)
        text = _SLASH_DATE.sub(slash, text)
        text = _DAY_MONTH.sub(day_month, text)
        return _MONTH_DAY.sub(month_day, text)

    def _time(self, hour: int, minute: int, half: str | None) -> None:
        if half:
            if not 1 <= hour <= 12:
                return
            hour = hour % 12 + (12 if half.lower() == "p" else 0)
        if 0 <= hour <= 23 and 0 <= minute <= 59:
            self.found.add(time_key(datetime.time(hour, minute)))

    def _times(self, text: str) -> str:
        def clock(match: re.Match[str]) -> str:
            self._time(int(match.group(1)), int(match.group(2)), match.group(3))
            return " "

        def hour(match: re.Match[str]) -> str:
            self._time(int(match.group(1)), 0, match.group(2))
            return " "

        def named(match: re.Match[str]) -> str:
            self.found.add("time:00:00" if match.group(1).lower() == "midnight" else "time:12:00")
            return " "

        text = _CLOCK.sub(clock, text)
        text = _HOUR.sub(hour, text)
        return _NAMED_TIME.sub(named, text)


def mentions(value: Any, vocabulary: Vocabulary) -> frozenset[str]:
    """The keys of every candidate ``value`` names (see the module's text)."""
    scanner = _Scanner(vocabulary)
    scanner.value(value)
    return frozenset(scanner.found)


def shown(keys: Iterable[str], limit: int = 12) -> str:
    """Keys as a person reads them (``Ann, 2024-06-25, 14:30``), the first ``limit`` and how many more."""
    ordered = sorted(keys, key=lambda key: (key.split(":", 1)[0] != "person", key))
    names = [
        key.split(":", 1)[1].title() if key.startswith(("person:", "room:")) else key.split(":", 1)[1]
        for key in ordered
    ]
    more = len(names) - limit
    return ", ".join(names[:limit]) + (f" and {more} more" if more > 0 else "")
