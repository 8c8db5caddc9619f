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
from typing import Generator, Literal, NamedTuple, Self

from dateutil.relativedelta import relativedelta
from dateutil.rrule import DAILY, MONTHLY, WEEKLY, YEARLY, rrule, rruleset

from aspera_core.library.exceptions import ParseError
from aspera_core.world.clock import NOW

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
    EventFrequency.DAILY: DAILY,
    EventFrequency.WEEKLY: WEEKLY,
    EventFrequency.MONTHLY: MONTHLY,
    EventFrequency.YEARLY: YEARLY,
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
    return NOW
