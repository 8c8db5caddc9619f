"""Dates, times, durations and recurrence rules relative to the pinned clock.

"Now" is fixed at Tuesday 25 June 2024, 09:06 (see :func:`now_`). Every
relative computation here (today, next Friday, this month, default recurrence
start) derives from it, so programs should get the current date and time from
this module rather than from ``datetime.datetime.now()``.
"""

import datetime
from dataclasses import dataclass
from enum import Enum, StrEnum, auto
from itertools import islice
from collections.abc import Generator
from typing import Literal, NamedTuple, Self

from dateutil.relativedelta import relativedelta
from dateutil.rrule import DAILY as _DAILY
from dateutil.rrule import MONTHLY as _MONTHLY
from dateutil.rrule import WEEKLY as _WEEKLY
from dateutil.rrule import YEARLY as _YEARLY
from dateutil.rrule import rrule, rruleset

from aspera_core.library.exceptions import ParseError
from aspera_core.world import NOW as _NOW

# Programs are loaded with ``from ... import *`` and the original module has no
# ``__all__``, so every public name imported above (``datetime``, ``Enum``,
# ``rrule``, ``relativedelta``, ``ParseError`` ...) is part of what they can see.
# Helpers that the original does not expose are imported under private names.

#: Capitalised English day names, as accepted by :func:`get_next_dow` and :func:`get_prev_dow`.
weekdays = Literal["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

#: Number of occurrences materialised for a recurrence rule that has no end.
MAX_EVENT_RECURRENCES = 23

TimeExpressions = Enum(
    "TimeExpressions",
    [
        "Afternoon",
        "Breakfast",
        "Brunch",
        "Dinner",
        "StartOfWorkDay",
        "EndOfWorkDay",
        "Evening",
        "Night",
        "LateAfternoon",
        "LateMorning",
        "Lunch",
        "Morning",
        "Noon",
        "Midnight",
    ],
)
TimeExpressions.__doc__ = """Named times of day, resolved to clock times by :func:`parse_time_string`.

Members: Afternoon, Breakfast, Brunch, Dinner, StartOfWorkDay, EndOfWorkDay,
Evening, Night, LateAfternoon, LateMorning, Lunch, Morning, Noon, Midnight.
Use a member (``TimeExpressions.Lunch``), not its name as a string.
"""

DateRanges = Enum("DateRanges", ["ThisWeekend", "NextWeek", "ThisMonth", "NextMonth"])
DateRanges.__doc__ = """Named date ranges, resolved by :func:`parse_durations_to_date_interval`.

Members: ThisWeekend, NextWeek, ThisMonth, NextMonth.
"""

DateExpressions = Enum(
    "DateExpressions",
    ["Today", "Tomorrow", "Yesterday", "FirstDayNextYear", "ChristmasDay", "LastMonth"],
)
DateExpressions.__doc__ = """Named dates, resolved by :func:`parse_date_string`.

Members: Today, Tomorrow, Yesterday, FirstDayNextYear, ChristmasDay, LastMonth
(the last day of the previous month).
"""

TimeUnits = Enum("TimeUnits", ["Hours", "Minutes", "Days", "Months"])
TimeUnits.__doc__ = """Units of a :class:`Duration`: Hours, Minutes, Days, Months.

Months have no fixed length: they work with :func:`modify` but cannot be
converted to minutes, summed or compared.
"""

DateTimeClauseOperators = Enum("DateTimeClauseOperators", ["add", "subtract"])
DateTimeClauseOperators.__doc__ = """Direction of a shift made by :func:`modify`: ``add`` or ``subtract``."""


class ComparisonResult(Enum):
    """Result of :func:`compare_with_fixed_duration`."""

    GREATER = "Greater"
    SMALLER = "Smaller"
    EQUAL = "Equal"


class EventFrequency(StrEnum):
    """Base frequency of a :class:`RepetitionSpec`."""

    DAILY = "daily"
    WEEKLY = "weekly"
    MONTHLY = "monthly"
    YEARLY = "yearly"


_RRULE_FREQUENCY = {
    EventFrequency.DAILY: _DAILY,
    EventFrequency.WEEKLY: _WEEKLY,
    EventFrequency.MONTHLY: _MONTHLY,
    EventFrequency.YEARLY: _YEARLY,
}

_MINUTES_PER_UNIT = {"Hours": 60, "Minutes": 1, "Days": 1440}
_VARIABLE_DURATION_MESSAGE = "Cannot convert variable durations to minutes!"


class Duration(NamedTuple):
    """A length of time expressed in one unit, e.g. ``Duration(90, TimeUnits.Minutes)``.

    The number is kept exactly as given (an int stays an int). ``==``, ``<``,
    ``<=``, ``>`` and ``>=`` compare the lengths in minutes, so
    ``Duration(60, TimeUnits.Minutes) == Duration(1, TimeUnits.Hours)``.
    ``!=`` and hashing are those of the plain tuple (field by field), so two
    durations in different units are also ``!=`` each other. A ``Months``
    duration cannot be compared and raises ``TypeError``; comparing with
    anything that is not a ``Duration`` is a type error as well.

    Attributes:
        number: how many units (int or float).
        unit: a :data:`TimeUnits` member.
    """

    number: int | float
    unit: TimeUnits

    def to_minutes(self) -> float:
        """The length in minutes, as a float.

        Raises:
            TypeError: the unit is ``Months``, whose length varies.
        """
        factor = _MINUTES_PER_UNIT.get(self.unit.name)
        if factor is None:
            raise TypeError(_VARIABLE_DURATION_MESSAGE)
        return float(self.number * factor)

    def __eq__(self, other: Self) -> bool:
        return self.to_minutes() == other.to_minutes()

    def __lt__(self, other: Self) -> bool:
        return self.to_minutes() < other.to_minutes()

    def __le__(self, other: Self) -> bool:
        return self.to_minutes() <= other.to_minutes()

    def __gt__(self, other: Self) -> bool:
        return self.to_minutes() > other.to_minutes()

    def __ge__(self, other: Self) -> bool:
        return self.to_minutes() >= other.to_minutes()

    # Defining __eq__ would otherwise make the class unhashable; keep the tuple hash.
    __hash__ = tuple.__hash__


class TimeInterval(NamedTuple):
    """A span of time between two datetimes, both ends inclusive.

    No check is made that ``start <= end``. Tuple equality, indexing and
    unpacking apply: ``start, end = interval``.

    Attributes:
        start: beginning of the span (a ``datetime.datetime``, not a plain date).
        end: end of the span.
    """

    start: datetime.datetime
    end: datetime.datetime

    def contains(self, dt: datetime.datetime) -> bool:
        """Whether ``start <= dt <= end``."""
        return self.start <= dt <= self.end

    def contains_date(self, d: datetime.date) -> bool:
        """Whether calendar day ``d`` lies between the start day and the end day, inclusive."""
        return self.start.date() <= d <= self.end.date()

    def includes(self, other: Self) -> bool:
        """Whether ``other`` lies entirely within this interval (touching ends count)."""
        return self.start <= other.start and self.end >= other.end


class DateRange(NamedTuple):
    """An inclusive range of calendar days.

    Attributes:
        start: first day of the range.
        end: last day of the range (included).
    """

    start: datetime.date
    end: datetime.date


@dataclass
class RepetitionSpec:
    """A recurrence rule for an event, in the style of an iCalendar RRULE.

    The first occurrence's date and time come from the event the rule is
    attached to (its ``starts_at``). Give either ``max_repetitions`` or
    ``recurs_until`` for a finite series, never both; a rule with neither is
    open-ended and is materialised as its first 23 occurrences.

    Attributes:
        frequency: base frequency (an :class:`EventFrequency` member).
        period: step between periods, e.g. 2 with ``WEEKLY`` means every other week.
        recurs_until: last day of the series, inclusive (its time of day is ignored).
        max_repetitions: total number of occurrences, counted before exclusions.
        which_weekday: weekdays to repeat on, 0 = Monday ... 6 = Sunday.
        which_month_day: days of the month, 1-based (negative counts from the month's end).
        which_year_month: months of the year, 1 = January.
        bysetpos: picks the n-th candidate within each period (negative from the end),
            e.g. ``which_weekday=[4], bysetpos=[-1]`` with ``MONTHLY`` is the last Friday.
        exclude_occurrence: occurrences to drop (exact datetimes, time included).
        occurrence_on_date: behaves like one more exclusion: an occurrence at exactly
            this datetime is dropped; it never adds an occurrence (kept as in the
            original library, which programs may rely on).
    """

    frequency: EventFrequency
    period: int = 1
    recurs_until: datetime.date | datetime.datetime | None = None
    max_repetitions: int | None = None
    which_weekday: list[int] | None = None
    which_month_day: list[int] | None = None
    which_year_month: list[int] | None = None
    bysetpos: list[int] | None = None
    exclude_occurrence: list[datetime.datetime] | None = None
    occurrence_on_date: datetime.datetime | None = None

    @property
    def finite(self) -> bool:
        """Whether the series has an end (``max_repetitions`` or ``recurs_until`` is set)."""
        return self.max_repetitions is not None or self.recurs_until is not None

    def generate_occurrences(
        self,
        start_date: datetime.date | None = None,
        start_time: datetime.time | None = None,
    ) -> Generator[datetime.datetime, None, None]:
        """Lazily produce the start datetimes of the series in chronological order.

        Side effect: a set ``recurs_until`` is rewritten on this object to the
        datetime of its calendar day at ``start_time``, so the last day is
        always included.

        Args:
            start_date: day of the first candidate occurrence (default: today).
            start_time: time of day of every occurrence (default: the clock's time, 09:06).

        Returns:
            A generator of datetimes; unbounded when the rule has no end.

        Raises:
            ValueError: both ``max_repetitions`` and ``recurs_until`` are set.
        """
        if self.max_repetitions is not None and self.recurs_until is not None:
            raise ValueError("Both 'count' and 'until' cannot be set. Choose one.")
        clock = now_()
        if start_date is None:
            start_date = clock.date()
        if start_time is None:
            start_time = clock.time()
        if self.recurs_until is not None:
            self.recurs_until = datetime.datetime.combine(self.recurs_until, start_time)
        options = {
            "until": self.recurs_until,
            "count": self.max_repetitions,
            "byweekday": self.which_weekday,
            "bymonthday": self.which_month_day,
            "bymonth": self.which_year_month,
            "bysetpos": self.bysetpos,
        }
        rule = rrule(
            _RRULE_FREQUENCY[self.frequency],
            dtstart=datetime.datetime.combine(start_date, start_time),
            interval=self.period,
            **{key: value for key, value in options.items() if value is not None},
        )
        series = rruleset()
        series.rrule(rule)
        for excluded in self.exclude_occurrence or ():
            series.exdate(excluded)
        if self.occurrence_on_date is not None:
            series.exdate(self.occurrence_on_date)
        return (occurrence for occurrence in series)


def _repetition_schedule(
    when: datetime.time, spec: RepetitionSpec, start_date: datetime.date | None = None
) -> list[datetime.datetime]:
    """All occurrences of ``spec`` at time ``when`` (the first 23 when open-ended).

    A falsy ``start_date`` means today. Mutates ``spec.recurs_until`` as
    :meth:`RepetitionSpec.generate_occurrences` does.
    """
    if not start_date:
        start_date = now_().date()
    occurrences = spec.generate_occurrences(start_date, when)
    if spec.finite:
        return list(occurrences)
    return list(islice(occurrences, MAX_EVENT_RECURRENCES))


def now_() -> datetime.datetime:
    """The current date and time: always Tuesday 25 June 2024, 09:06.

    Use this (not ``datetime.datetime.now()``) whenever a program needs "now" or "today".
    """
    return _NOW


# --- Durations ---------------------------------------------------------------

#: timedelta keyword for each unit of fixed length.
_TIMEDELTA_KEYWORD = {"Hours": "hours", "Minutes": "minutes", "Days": "days"}
_SECONDS_PER_UNIT = {"Hours": 3600, "Minutes": 60, "Days": 86400}


def _seconds_per(unit: TimeUnits) -> int:
    # Shared by convert, compare_with_fixed_duration and intervals_overlap, which
    # all reject months with the same ValueError.
    if unit.name not in _SECONDS_PER_UNIT:
        raise ValueError(f"Unsupported time unit: {unit}")
    return _SECONDS_PER_UNIT[unit.name]


def cast_to_timedelta(duration: Duration) -> datetime.timedelta:
    """Turn a duration in hours, minutes or days into a ``datetime.timedelta``.

    Fractions are kept: ``Duration(7.5, TimeUnits.Minutes)`` becomes 7 minutes
    30 seconds, ``Duration(1.25, TimeUnits.Days)`` becomes 1 day 6 hours.

    Args:
        duration: the duration to convert.

    Returns:
        The equivalent ``timedelta``.

    Raises:
        TypeError: the unit is ``Months``, which has no fixed length.
    """
    keyword = _TIMEDELTA_KEYWORD.get(duration.unit.name)
    if keyword is None:
        raise TypeError("Cannot cast duration to timedelta for months: the number of days is variable.")
    return datetime.timedelta(**{keyword: duration.number})


def convert(interval: TimeInterval, unit: TimeUnits) -> Duration:
    """Measure how long an interval lasts, in the requested unit.

    The length is ``end - start``, always returned as a float, e.g. 10:00-11:30
    gives ``Duration(1.5, TimeUnits.Hours)`` or ``Duration(90.0, TimeUnits.Minutes)``.
    An interval whose end is before its start gives a negative number.

    Args:
        interval: the interval to measure.
        unit: ``Hours``, ``Minutes`` or ``Days``.

    Returns:
        A :class:`Duration` in ``unit`` whose number is a float.

    Raises:
        ValueError: ``unit`` is ``Months``.
    """
    seconds = (interval.end - interval.start).total_seconds()
    return Duration(seconds / _seconds_per(unit), unit)


def sum_time_units(time_units: list[Duration]) -> Duration:
    """Add up durations, expressing the total in the largest unit that fits.

    Every item is converted to minutes (an hour is 60, a day 1440) and the
    minutes are added. A total of at least 1440 minutes is returned in days,
    at least 60 minutes in hours, anything smaller in minutes. Days and hours
    are always floats; a minutes total keeps the type of the sum, so
    ``[Duration(20, TimeUnits.Minutes), Duration(15, TimeUnits.Minutes)]`` gives
    ``Duration(35, TimeUnits.Minutes)``. Examples: 100 min + 30 min gives
    ``Duration(2.1666666666666665, TimeUnits.Hours)``; 23 h + 60 min gives
    ``Duration(1.0, TimeUnits.Days)``; ``[]`` gives ``Duration(0, TimeUnits.Minutes)``.

    Args:
        time_units: the durations to add (a list, not a tuple).

    Returns:
        The total as a :class:`Duration`.

    Raises:
        KeyError: an item is measured in ``Months``.
    """
    total_minutes = 0
    for duration in time_units:
        total_minutes += duration.number * _MINUTES_PER_UNIT[duration.unit.name]
    if total_minutes >= _MINUTES_PER_UNIT["Days"]:
        return Duration(total_minutes / _MINUTES_PER_UNIT["Days"], TimeUnits.Days)
    if total_minutes >= _MINUTES_PER_UNIT["Hours"]:
        return Duration(total_minutes / _MINUTES_PER_UNIT["Hours"], TimeUnits.Hours)
    return Duration(total_minutes, TimeUnits.Minutes)


def compare_with_fixed_duration(interval: TimeInterval, duration: Duration) -> ComparisonResult:
    """Say whether an interval lasts longer than, shorter than or exactly as long as a duration.

    The interval is measured in the duration's unit (see :func:`convert`) and
    the two numbers are compared exactly. For a 13:00-14:15 interval,
    ``Duration(1, TimeUnits.Hours)`` gives ``GREATER``, ``Duration(75, TimeUnits.Minutes)``
    gives ``EQUAL`` and ``Duration(2, TimeUnits.Hours)`` gives ``SMALLER``.

    Args:
        interval: the interval to measure.
        duration: the reference length.

    Returns:
        ``ComparisonResult.GREATER``, ``ComparisonResult.SMALLER`` or ``ComparisonResult.EQUAL``
        (the interval relative to the duration).

    Raises:
        ValueError: the duration is in ``Months``.
    """
    length = convert(interval, duration.unit).number
    if length > duration.number:
        return ComparisonResult.GREATER
    if length < duration.number:
        return ComparisonResult.SMALLER
    return ComparisonResult.EQUAL


def modify(
    datetime_to_change: datetime.datetime,
    duration: Duration,
    *,
    operator: DateTimeClauseOperators,
) -> datetime.datetime:
    """Move a datetime forward or backward by a duration.

    Hours, minutes and days may be fractional (``Duration(1.5, TimeUnits.Days)``
    is 36 hours). Months move by calendar months and keep the day of the month,
    falling back to the month's last day when it is too short: 31 January 2024
    plus one month is 29 February 2024. Subtracting a negative duration adds it.
    Example: ``modify(datetime.datetime(2024, 6, 25, 22, 30), Duration(3, TimeUnits.Hours),
    operator=DateTimeClauseOperators.add)`` is 2024-06-26 01:30.

    Args:
        datetime_to_change: the starting point; must be a ``datetime.datetime``
            (combine a plain date with a time first, see :func:`combine`).
        duration: how far to move.
        operator: keyword-only; ``DateTimeClauseOperators.add`` moves forward,
            ``DateTimeClauseOperators.subtract`` moves backward.

    Returns:
        The shifted datetime.

    Raises:
        ValueError: a number of months that is not a whole number.
        TypeError: ``operator`` given positionally.
    """
    if duration.unit is TimeUnits.Months:
        shift = relativedelta(months=duration.number)
    else:
        shift = cast_to_timedelta(duration)
    if operator is DateTimeClauseOperators.subtract:
        return datetime_to_change - shift
    return datetime_to_change + shift


def intervals_overlap(
    interval_1: TimeInterval,
    interval_2: TimeInterval,
    min_duration: Duration = Duration(1, TimeUnits["Minutes"]),
) -> bool:
    """Whether two intervals share at least ``min_duration`` of time.

    The shared time runs from the later start to the earlier end. With the
    default minimum of one minute, intervals that only touch (one ends exactly
    when the other starts) do not overlap, nor do intervals sharing less than a
    minute; pass ``Duration(0, TimeUnits.Minutes)`` to count touching intervals
    as overlapping. Intervals with a gap between them never overlap.

    Args:
        interval_1: one interval.
        interval_2: the other interval (the order does not matter).
        min_duration: the least shared time that counts as an overlap, in hours,
            minutes or days.

    Returns:
        True when the shared time is at least ``min_duration``.

    Raises:
        ValueError: ``min_duration`` is in ``Months``.
    """
    latest_start = max(interval_1.start, interval_2.start)
    earliest_end = min(interval_1.end, interval_2.end)
    shared_seconds = (earliest_end - latest_start).total_seconds()
    return shared_seconds >= min_duration.number * _seconds_per(min_duration.unit)


# --- Days of the week --------------------------------------------------------

_DAY_NAMES = weekdays.__args__


def get_weekday() -> weekdays:
    """Today's day of the week: always ``"Tuesday"``, as today is 25 June 2024."""
    return "Tuesday"


def get_weekday_ordinal() -> int:
    """Today's day of the week as a number, Monday = 0 ... Sunday = 6: always 1 (Tuesday)."""
    return now_().weekday()


def this_week_dates() -> list[datetime.date]:
    """The seven days of the current week, Monday first.

    Days already past are included: the result runs from Monday 24 June to
    Sunday 30 June 2024.

    Returns:
        A list of seven consecutive ``datetime.date`` values.
    """
    today = now_().date()
    monday = today - datetime.timedelta(days=today.weekday())
    return [monday + datetime.timedelta(days=offset) for offset in range(7)]


def get_next_dow(day_of_week: weekdays, after: datetime.date | None = None) -> datetime.date:
    """The first given weekday strictly after a reference day.

    The reference day itself never counts: asked for its own weekday, the
    answer is a week later. From today (Tuesday 25 June 2024), ``"Friday"``
    gives 2024-06-28 and ``"Tuesday"`` gives 2024-07-02. Chain calls for
    later weeks: ``get_next_dow("Friday", after=get_next_dow("Friday"))`` is 2024-07-05.

    Args:
        day_of_week: a capitalised English day name, exactly as in :data:`weekdays`
            (``"Friday"``, not ``"friday"`` or ``"Fri"``).
        after: the reference day (default: today). If it is a ``datetime.datetime``,
            the result is a datetime with the same time of day.

    Returns:
        The date of that weekday, 1 to 7 days after the reference day.
    """
    reference = after if after is not None else now_().date()
    days_ahead = (_DAY_NAMES.index(day_of_week) - reference.weekday() - 1) % 7 + 1
    return reference + datetime.timedelta(days=days_ahead)


def get_prev_dow(day_of_week: weekdays, before: datetime.date | None = None) -> datetime.date:
    """The latest given weekday strictly before a reference day.

    The reference day itself never counts: asked for its own weekday, the
    answer is a week earlier. From today (Tuesday 25 June 2024), ``"Monday"``
    gives 2024-06-24 and ``"Tuesday"`` gives 2024-06-18.

    Args:
        day_of_week: a capitalised English day name, exactly as in :data:`weekdays`.
        before: the reference day (default: today). If it is a ``datetime.datetime``,
            the result is a datetime with the same time of day.

    Returns:
        The date of that weekday, 1 to 7 days before the reference day.
    """
    reference = before if before is not None else now_().date()
    days_back = (reference.weekday() - _DAY_NAMES.index(day_of_week) - 1) % 7 + 1
    return reference - datetime.timedelta(days=days_back)


# --- Named times, dates and ranges -------------------------------------------

_TIMES_OF_DAY = {
    TimeExpressions.Afternoon: datetime.time(14, 19),
    TimeExpressions.Breakfast: datetime.time(7, 23),
    TimeExpressions.Brunch: datetime.time(11, 1),
    TimeExpressions.Dinner: datetime.time(19, 29),
    TimeExpressions.StartOfWorkDay: datetime.time(9, 6),
    TimeExpressions.EndOfWorkDay: datetime.time(17, 10),
    TimeExpressions.Evening: datetime.time(19, 23),
    TimeExpressions.Night: datetime.time(22, 3),
    TimeExpressions.LateAfternoon: datetime.time(17, 1),
    TimeExpressions.LateMorning: datetime.time(10, 6),
    TimeExpressions.Lunch: datetime.time(12, 17),
    TimeExpressions.Morning: datetime.time(9, 5),
    TimeExpressions.Noon: datetime.time(12, 15),
    TimeExpressions.Midnight: datetime.time(0, 0),
}


def parse_time_string(time_expr: TimeExpressions) -> datetime.time:
    """The clock time that a named time of day stands for.

    The times are fixed: Afternoon 14:19, Breakfast 07:23, Brunch 11:01,
    Dinner 19:29, StartOfWorkDay 09:06, EndOfWorkDay 17:10, Evening 19:23,
    Night 22:03, LateAfternoon 17:01, LateMorning 10:06, Lunch 12:17,
    Morning 09:05, Noon 12:15, Midnight 00:00.

    Args:
        time_expr: a :data:`TimeExpressions` member, e.g. ``TimeExpressions.Lunch``
            or ``TimeExpressions["Lunch"]`` (the plain string ``"Lunch"`` is rejected).

    Returns:
        A ``datetime.time``; use :func:`combine` to attach it to a date.

    Raises:
        ParseError: the expression is not a known member.
    """
    if time_expr not in _TIMES_OF_DAY:
        raise ParseError(f"Unknown time expression: {time_expr}")
    return _TIMES_OF_DAY[time_expr]


def parse_date_string(date_expr: DateExpressions) -> datetime.date:
    """The date that a named date stands for, relative to today (25 June 2024).

    Today is 2024-06-25, Tomorrow 2024-06-26, Yesterday 2024-06-24,
    FirstDayNextYear 2025-01-01 and ChristmasDay 2024-12-25 (this year's,
    even once it has passed). LastMonth is a single day: the last day of the
    previous month, 2024-05-31.

    Args:
        date_expr: a :data:`DateExpressions` member, e.g. ``DateExpressions.Tomorrow``.

    Returns:
        A ``datetime.date``.

    Raises:
        ParseError: the expression is not a known member.
    """
    today = now_().date()
    one_day = datetime.timedelta(days=1)
    if date_expr is DateExpressions.Today:
        return today
    if date_expr is DateExpressions.Tomorrow:
        return today + one_day
    if date_expr is DateExpressions.Yesterday:
        return today - one_day
    if date_expr is DateExpressions.FirstDayNextYear:
        return datetime.date(today.year + 1, 1, 1)
    if date_expr is DateExpressions.ChristmasDay:
        return datetime.date(today.year, 12, 25)
    if date_expr is DateExpressions.LastMonth:
        return today.replace(day=1) - one_day
    raise ParseError(f"Unknown date expression: {date_expr}")


def _first_of_next_month(day):
    if day.month == 12:
        return day.replace(year=day.year + 1, month=1, day=1)
    return day.replace(month=day.month + 1, day=1)


def _last_of_month(first):
    return _first_of_next_month(first) - datetime.timedelta(days=1)


def _last_of_month_without_wrap(first):
    # The original steps the month number without wrapping to January, so a
    # December month raises ValueError("month must be in 1..12"); programs can
    # observe this, so it is kept.
    return first.replace(month=first.month + 1) - datetime.timedelta(days=1)


def _week_starting(monday):
    return [monday + datetime.timedelta(days=offset) for offset in range(7)]


def parse_duration_to_calendar(
    duration: Literal["NextWeek", "ThisMonth", "NextMonth"],
    after: datetime.date | None = None,
) -> list[list[datetime.date]]:
    """Lay out a period as calendar weeks, like the rows of a month view.

    Each week is a list of seven consecutive dates from Monday to Sunday.

    * ``"NextWeek"``: one week, the Monday to Sunday after the reference day's
      week (2024-07-01 .. 2024-07-07 from today).
    * ``"ThisMonth"``: every week that contains a day of the reference day's
      month. The first week starts on the Monday on or before the 1st and the
      last week runs into the next month, so days of neighbouring months and
      days already past appear. June 2024 gives five weeks, 2024-05-27 .. 2024-06-30.
    * ``"NextMonth"``: the same for the month after the reference day's month.
      July 2024 gives five weeks, 2024-07-01 .. 2024-08-04.

    To keep only the days of the month itself, filter on ``.month``.

    Args:
        duration: exactly ``"NextWeek"``, ``"ThisMonth"`` or ``"NextMonth"`` (strings,
            not :data:`DateRanges` members).
        after: the reference day (default: today). If it is a ``datetime.datetime``,
            every entry is a datetime with its time of day.

    Returns:
        A list of weeks, each a list of seven dates.

    Raises:
        ValueError: ``"ThisMonth"`` with a reference day in December, or
            ``"NextMonth"`` with one in November (a known defect kept for
            compatibility; ``"NextMonth"`` from December works).
    """
    reference = after if after is not None else now_().date()
    if duration == "NextWeek":
        return [_week_starting(get_next_dow("Monday", reference))]
    if duration == "ThisMonth":
        first = reference.replace(day=1)
    else:
        first = _first_of_next_month(reference)
    last = _last_of_month_without_wrap(first)
    weeks = []
    monday = first - datetime.timedelta(days=first.weekday())
    while monday <= last:
        weeks.append(_week_starting(monday))
        monday += datetime.timedelta(days=7)
    return weeks


def parse_durations_to_date_interval(expr: DateRanges, after: datetime.date | None = None) -> DateRange:
    """The first and last day of a named range, relative to today or another day.

    * ``ThisWeekend``: the coming Saturday and Sunday (2024-06-29 .. 2024-06-30
      from today). On a Saturday it is that same weekend, but on a Sunday it is
      the following weekend.
    * ``NextWeek``: Monday to Sunday of the week after the reference day's week
      (2024-07-01 .. 2024-07-07).
    * ``ThisMonth``: the whole reference month, including days already past
      (2024-06-01 .. 2024-06-30).
    * ``NextMonth``: the whole following month (2024-07-01 .. 2024-07-31).

    Ranges are not clipped to ``after``: ``ThisMonth`` always starts on the 1st.

    Args:
        expr: a :data:`DateRanges` member, e.g. ``DateRanges.NextWeek``.
        after: the reference day (default: today).

    Returns:
        A :class:`DateRange` whose ``start`` and ``end`` are both included.

    Raises:
        ValueError: ``ThisMonth`` with a reference day in December (a known
            defect kept for compatibility).
        ParseError: the expression is not a known member.
    """
    reference = after if after is not None else now_().date()
    if expr is DateRanges.ThisWeekend:
        saturday = reference + datetime.timedelta(days=(5 - reference.weekday()) % 7)
        return DateRange(saturday, saturday + datetime.timedelta(days=1))
    if expr is DateRanges.NextWeek:
        monday = get_next_dow("Monday", reference)
        return DateRange(monday, monday + datetime.timedelta(days=6))
    if expr is DateRanges.ThisMonth:
        first = reference.replace(day=1)
        return DateRange(first, _last_of_month_without_wrap(first))
    if expr is DateRanges.NextMonth:
        first = _first_of_next_month(reference)
        return DateRange(first, _last_of_month(first))
    raise ParseError(f"Unknown date range: {expr}")


# --- Building and adjusting dates and times -----------------------------------


def time_by_hm(hour: int, minute: int, am_or_pm: str) -> datetime.time:
    """A clock time from a 12-hour reading such as "3:00 PM".

    The marker is case-insensitive. ``"pm"`` adds 12 to hours 1-11 and
    ``"am"`` turns hour 12 into 0; otherwise the hour is used as given, so
    24-hour input also works: (3, 0, "PM") is 15:00, (12, 30, "am") is 00:30,
    (12, 30, "pm") is 12:30, (15, 30, "pm") is 15:30.

    Args:
        hour: the hour as said (int).
        minute: the minute, 0-59 (int).
        am_or_pm: ``"am"`` or ``"pm"`` in any case; any other text leaves the hour unchanged.

    Returns:
        A ``datetime.time``.

    Raises:
        ValueError: the resulting hour or minute is out of range.
    """
    marker = am_or_pm.lower()
    if marker == "pm" and hour < 12:
        hour += 12
    elif marker == "am" and hour == 12:
        hour = 0
    return datetime.time(hour, minute)


def date_by_mdy(month: int | None = None, day: int | None = None, year: int | None = None) -> datetime.date:
    """A date from a month, day and year, taking any part left out from today (25 June 2024).

    ``date_by_mdy(month=7)`` is 2024-07-25 and ``date_by_mdy(day=1)`` is
    2024-06-01. Note the positional order: month, day, year.

    Args:
        month: 1-12 (default: 6).
        day: day of the month (default: 25).
        year: four-digit year (default: 2024).

    Returns:
        A ``datetime.date``.

    Raises:
        ValueError: the parts do not form a real date, e.g. ``date_by_mdy(month=2, day=30)``
            or ``date_by_mdy(day=31)`` (June has 30 days).
    """
    today = now_().date()
    return datetime.date(
        today.year if year is None else year,
        today.month if month is None else month,
        today.day if day is None else day,
    )


def replace(
    date: datetime.date,
    month: int | None = None,
    day: int | None = None,
    year: int | None = None,
) -> datetime.date:
    """A copy of a date with some of its parts changed.

    ``replace(datetime.date(2024, 6, 25), month=9)`` is 2024-09-25. Note the
    positional order after the date: month, day, year. Given a
    ``datetime.datetime``, the time of day is dropped and a plain date is returned.

    Args:
        date: the date to start from.
        month: new month, 1-12 (default: unchanged).
        day: new day of the month (default: unchanged).
        year: new year (default: unchanged).

    Returns:
        A ``datetime.date``.

    Raises:
        ValueError: the result is not a real date, e.g. 31 January with ``month=2``.
    """
    return datetime.date(
        date.year if year is None else year,
        date.month if month is None else month,
        date.day if day is None else day,
    )


def combine(date: datetime.date, time: datetime.time) -> datetime.datetime:
    """Put a date and a clock time together into a datetime.

    ``combine(get_next_dow("Thursday"), time_by_hm(2, 45, "pm"))`` is
    2024-06-27 14:45. If ``date`` is already a datetime, its time of day is
    replaced by ``time``.

    Args:
        date: the calendar day.
        time: the time of day.

    Returns:
        A ``datetime.datetime``.
    """
    return datetime.datetime.combine(date, time)
