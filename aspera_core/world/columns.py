"""Column types of the simulated tables, and what storing a value in one does.

The original keeps every table in a polars (1.16) data frame and appends rows
by building a frame from row dicts with the table's schema. Python values of
the wrong type are then either converted (an int stored in a text column
becomes its digits, a float in an integer column is truncated, a text that
is not one of an enum column's categories becomes null) or refused with
polars' ``ComputeError`` at write time. Programs can observe both: what a
later read returns, and which call fails. The classes here reproduce those
rules for the values a program can put into a row; the rules were measured
on polars 1.16 and are tabulated in ``docs/compatibility.md``.

Every column type has two operations:

* :meth:`ColumnType.store` for the value of a top-level column: a value the
  column cannot hold raises :class:`ComputeError`;
* :meth:`ColumnType.cast` for a value inside a list or struct column: polars
  builds those by casting, where a value that does not convert becomes
  ``None`` instead.

Both return a new value and never the caller's list or dict, so a stored row
shares no mutable state with the program that wrote it.
"""

from __future__ import annotations

import datetime
import decimal
import math
import re
from typing import Any

from aspera_core.world.errors import ComputeError

_EPOCH = datetime.datetime(1970, 1, 1)
_EPOCH_DAY = datetime.date(1970, 1, 1)
_INT32 = (-(2**31), 2**31 - 1)
_UINT8 = (0, 255)
# Text that polars parses as a number for an integer column (ASCII only, no
# spaces, no "inf"/"nan"); the number is then truncated towards zero.
_NUMBER_TEXT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def refuse(value: Any, kind: str) -> ComputeError:
    """The error polars raises when a value cannot be appended to a ``kind`` column, worded like polars' own."""
    return ComputeError(f"could not append value: {value!r} of type: {type(value).__name__} to a {kind} column")


def float_text(number: float) -> str:
    """How polars writes a float into a text column: ``"8"`` for 8.0, ``"0.0000001"`` for 1e-07, ``"NaN"``, ``"inf"``."""
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    text = format(decimal.Decimal(repr(number)), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def _truncated(value: Any) -> int | None:
    """The integer polars makes of a number or numeric text (towards zero), or ``None``."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float | decimal.Decimal):
        return int(value) if math.isfinite(value) else None
    if isinstance(value, str) and _NUMBER_TEXT.fullmatch(value):
        number = float(value)
        return int(number) if math.isfinite(number) else None
    return None


def _whole_number(value: Any) -> int | None:
    """A finite int or float (not a bool) truncated towards zero, else ``None``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return int(value) if not isinstance(value, float) or math.isfinite(value) else None


def _kind_of(value: Any) -> str:
    """The element type polars infers for a Python value inside a list."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, datetime.datetime):
        return "datetime"
    if isinstance(value, datetime.date):
        return "date"
    if isinstance(value, dict):
        return "struct"
    if isinstance(value, list | tuple):
        return "list"
    return type(value).__name__


_NONE = type(None)


class ColumnType:
    """A column's storage type. Subclasses implement :meth:`store` and :meth:`cast`."""

    #: Short name used in messages and documentation.
    kind = "?"
    #: Exact types that :meth:`store` keeps unchanged, so writers may skip the call.
    passthrough: frozenset[type] = frozenset({_NONE})

    def store(self, value: Any) -> Any:
        """The value a top-level column of this type keeps for ``value``.

        Raises:
            ComputeError: the column cannot hold ``value``.
        """
        raise NotImplementedError

    def cast(self, value: Any) -> Any:
        """The value kept for ``value`` inside a list or struct (``None`` when it does not convert)."""
        raise NotImplementedError

    def to_json(self, value: Any) -> Any:
        """A stored value as JSON-compatible data (dates as ISO text)."""
        return value

    def from_json(self, value: Any) -> Any:
        """The inverse of :meth:`to_json`."""
        return value

    def __repr__(self) -> str:
        return self.kind


class Text(ColumnType):
    """Text. Numbers and booleans are written as text; anything else is refused."""

    kind = "str"
    passthrough = frozenset({_NONE, str})

    def store(self, value: Any) -> Any:
        if value is None:
            return None
        if isinstance(value, str):
            return str.__str__(value)
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int):
            return str(int(value))
        if isinstance(value, float):
            return float_text(value)
        raise refuse(value, self.kind)

    def cast(self, value: Any) -> Any:
        if isinstance(value, datetime.datetime):
            return value.strftime("%Y-%m-%d %H:%M:%S.%f")
        if isinstance(value, datetime.date):
            return value.isoformat()
        try:
            return self.store(value)
        except ComputeError:
            return None


class Integer(ColumnType):
    """A fixed-width integer. Floats and numeric text are truncated; out-of-range values are refused."""

    def __init__(self, kind: str, bounds: tuple[int, int], days_from_dates: bool) -> None:
        self.kind = kind
        self.low, self.high = bounds
        # polars turns a date into its day number for signed 32-bit columns only.
        self.days_from_dates = days_from_dates

    def _convert(self, value: Any) -> int | None:
        if self.days_from_dates and type(value) is datetime.date:
            number = (value - _EPOCH_DAY).days
        else:
            number = _truncated(value)
        if number is None or not self.low <= number <= self.high:
            return None
        return number

    def store(self, value: Any) -> Any:
        if value is None:
            return None
        if type(value) is int and self.low <= value <= self.high:
            return value
        number = self._convert(value)
        if number is None:
            raise refuse(value, self.kind)
        return number

    def cast(self, value: Any) -> Any:
        if type(value) is int and self.low <= value <= self.high:
            return value
        return None if value is None else self._convert(value)


class Boolean(ColumnType):
    """A boolean. At top level a number counts as true only when it truncates to 1 (polars' rule)."""

    kind = "bool"
    passthrough = frozenset({_NONE, bool})

    def store(self, value: Any) -> Any:
        if value is None or isinstance(value, bool):
            return value
        return UINT8.store(value) == 1

    def cast(self, value: Any) -> Any:
        if value is None or isinstance(value, bool):
            return value
        if isinstance(value, int | float) and not (isinstance(value, float) and math.isnan(value)):
            return value != 0
        return None


class Datetime(ColumnType):
    """A datetime (microseconds). Numbers are microseconds since 1970; text and plain dates are refused."""

    kind = "datetime"
    passthrough = frozenset({_NONE, datetime.datetime})

    def store(self, value: Any) -> Any:
        if value is None or isinstance(value, datetime.datetime):
            return value
        moment = self._from_number(value)
        if moment is None:
            raise refuse(value, self.kind)
        return moment

    def cast(self, value: Any) -> Any:
        if value is None or isinstance(value, datetime.datetime):
            return value
        if isinstance(value, datetime.date):
            return datetime.datetime.combine(value, datetime.time())
        return self._from_number(value)

    @staticmethod
    def _from_number(value: Any) -> datetime.datetime | None:
        microseconds = _whole_number(value)
        try:
            return None if microseconds is None else _EPOCH + datetime.timedelta(microseconds=microseconds)
        except OverflowError:
            return None

    def to_json(self, value: Any) -> Any:
        return None if value is None else value.isoformat()

    def from_json(self, value: Any) -> Any:
        return None if value is None else datetime.datetime.fromisoformat(value)


class Date(ColumnType):
    """A calendar date. Numbers are days since 1970; text and datetimes are refused."""

    kind = "date"
    passthrough = frozenset({_NONE, datetime.date})

    def store(self, value: Any) -> Any:
        if value is None or type(value) is datetime.date:
            return value
        day = None if isinstance(value, datetime.datetime) else self._from_number(value)
        if day is None:
            raise refuse(value, self.kind)
        return day

    def cast(self, value: Any) -> Any:
        if isinstance(value, datetime.datetime):
            return value.date()
        if value is None or isinstance(value, datetime.date):
            return value
        return self._from_number(value)

    @staticmethod
    def _from_number(value: Any) -> datetime.date | None:
        days = _whole_number(value)
        if days is None or not _INT32[0] <= days <= _INT32[1]:
            return None
        try:
            return _EPOCH_DAY + datetime.timedelta(days=days)
        except OverflowError:
            return None

    to_json = Datetime.to_json

    def from_json(self, value: Any) -> Any:
        return None if value is None else datetime.date.fromisoformat(value)


class Category(ColumnType):
    """One of a fixed set of texts (polars' Enum). Anything else is stored as ``None``, silently."""

    def __init__(self, categories: tuple[str, ...]) -> None:
        self.categories = frozenset(categories)
        self.kind = f"enum{sorted(categories)}"

    def store(self, value: Any) -> Any:
        if isinstance(value, str) and value in self.categories:
            return str.__str__(value)
        return None

    cast = store


class ListOf(ColumnType):
    """A list of ``item`` values. A value that is not a list or tuple is stored as ``None``.

    Items are cast (an item that does not convert becomes ``None``), but items
    of different Python types in one list make polars fail with ``TypeError``.
    """

    def __init__(self, item: ColumnType) -> None:
        self.item = item
        self.kind = f"list[{item.kind}]"

    def store(self, value: Any) -> Any:
        if not isinstance(value, list | tuple):
            return None
        if self.item is TEXT and all(type(item) is str for item in value):
            return list(value)
        kinds = {_kind_of(item) for item in value if item is not None}
        if len(kinds) > 1:
            first = next(_kind_of(item) for item in value if item is not None)
            other = next(kind for kind in map(_kind_of, value) if kind not in (first, "NoneType"))
            raise TypeError(f"unexpected value while building Series of type {first}; found value of type {other}")
        cast = self.item.cast
        return [cast(item) for item in value]

    cast = store

    def to_json(self, value: Any) -> Any:
        return None if value is None else [self.item.to_json(item) for item in value]

    def from_json(self, value: Any) -> Any:
        return None if value is None else [self.item.from_json(item) for item in value]


class Struct(ColumnType):
    """A record of named fields. A dict supplies the fields (missing ones are ``None``,
    unknown keys are dropped); any other value gives a record of ``None`` fields."""

    def __init__(self, fields: dict[str, ColumnType]) -> None:
        self.fields = fields
        self.kind = "struct"
        # Types a field keeps as they are under ``cast`` too, to skip the call.
        self._casts = tuple((name, column.passthrough, column.cast) for name, column in fields.items())

    def store(self, value: Any) -> Any:
        if value is None:
            return None
        if not isinstance(value, dict):
            return dict.fromkeys(self.fields)
        record = {}
        for name, passthrough, cast in self._casts:
            field = value.get(name)
            record[name] = field if type(field) in passthrough else cast(field)
        return record

    def cast(self, value: Any) -> Any:
        return None if value is None else self.store(value)

    def to_json(self, value: Any) -> Any:
        if value is None:
            return None
        return {name: column.to_json(value.get(name)) for name, column in self.fields.items()}

    def from_json(self, value: Any) -> Any:
        if value is None:
            return None
        return {name: column.from_json(value.get(name)) for name, column in self.fields.items()}


TEXT = Text()
DATETIME = Datetime()
DATE = Date()
BOOLEAN = Boolean()
UINT8 = Integer("uint8", _UINT8, days_from_dates=False)
INT32 = Integer("int32", _INT32, days_from_dates=True)
