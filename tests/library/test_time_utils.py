"""Behaviour of ``time_utils`` as pinned by the library specification (section 4).

The clock is fixed at Tuesday 2024-06-25 09:06, so every "relative to today"
expectation below is a literal date.
"""

import datetime
import types

import pytest
from beartype.roar import BeartypeCallHintParamViolation

from aspera_core.library import time_utils as tu
from aspera_core.library.exceptions import ParseError
from aspera_core.library.time_utils import (
    ComparisonResult,
    DateExpressions,
    DateRange,
    DateRanges,
    DateTimeClauseOperators,
    Duration,
    EventFrequency,
    RepetitionSpec,
    TimeExpressions,
    TimeInterval,
    TimeUnits,
)

D = datetime.date
DT = datetime.datetime
ADD = DateTimeClauseOperators.add
SUB = DateTimeClauseOperators.subtract


def minutes(n):
    return Duration(n, TimeUnits.Minutes)


def hours(n):
    return Duration(n, TimeUnits.Hours)


def days(n):
    return Duration(n, TimeUnits.Days)


def months(n):
    return Duration(n, TimeUnits.Months)


def interval(start, end):
    return TimeInterval(start, end)


# --- clock -------------------------------------------------------------------


def test_clock_is_pinned_to_tuesday_morning():
    assert tu.now_() == DT(2024, 6, 25, 9, 6)
    assert tu.get_weekday() == "Tuesday"
    assert tu.get_weekday_ordinal() == 1


def test_this_week_runs_monday_to_sunday_including_past_days():
    week = tu.this_week_dates()
    assert week == [D(2024, 6, 24) + datetime.timedelta(days=i) for i in range(7)]
    assert type(week[0]) is D


def test_functions_read_now_from_their_module_at_call_time(monkeypatch):
    monkeypatch.setattr(tu, "now_", lambda: DT(2024, 12, 2, 8, 0))  # a Monday
    assert tu.get_next_dow("Monday") == D(2024, 12, 9)
    assert tu.parse_date_string(DateExpressions.LastMonth) == D(2024, 11, 30)
    assert tu.date_by_mdy(day=1) == D(2024, 12, 1)
    with pytest.raises(ValueError, match="month must be in 1..12"):
        tu.parse_durations_to_date_interval(DateRanges.ThisMonth)


# --- named times and dates ---------------------------------------------------


@pytest.mark.parametrize(
    ("member", "expected"),
    [
        ("Afternoon", (14, 19)),
        ("Breakfast", (7, 23)),
        ("Brunch", (11, 1)),
        ("Dinner", (19, 29)),
        ("StartOfWorkDay", (9, 6)),
        ("EndOfWorkDay", (17, 10)),
        ("Evening", (19, 23)),
        ("Night", (22, 3)),
        ("LateAfternoon", (17, 1)),
        ("LateMorning", (10, 6)),
        ("Lunch", (12, 17)),
        ("Morning", (9, 5)),
        ("Noon", (12, 15)),
        ("Midnight", (0, 0)),
    ],
)
def test_parse_time_string_uses_the_fixed_table(member, expected):
    assert tu.parse_time_string(TimeExpressions[member]) == datetime.time(*expected)


def test_parse_time_string_rejects_the_member_name_as_text():
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter time_expr="):
        tu.parse_time_string("Morning")


@pytest.mark.parametrize(
    ("member", "expected"),
    [
        ("Today", D(2024, 6, 25)),
        ("Tomorrow", D(2024, 6, 26)),
        ("Yesterday", D(2024, 6, 24)),
        ("FirstDayNextYear", D(2025, 1, 1)),
        ("ChristmasDay", D(2024, 12, 25)),
        ("LastMonth", D(2024, 5, 31)),  # the last day of May, not a range
    ],
)
def test_parse_date_string(member, expected):
    result = tu.parse_date_string(DateExpressions[member])
    assert result == expected and type(result) is D


def test_enum_values_are_one_based_positions():
    assert [m.value for m in TimeUnits] == [1, 2, 3, 4]
    assert TimeExpressions.Midnight.value == 14
    assert DateTimeClauseOperators.subtract.value == 2
    assert ComparisonResult.EQUAL.value == "Equal"
    assert EventFrequency.MONTHLY == "monthly"


# --- time_by_hm, date_by_mdy, replace, combine ---------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((3, 0, "PM"), (15, 0)),
        ((12, 30, "am"), (0, 30)),
        ((12, 30, "pm"), (12, 30)),
        ((15, 30, "pm"), (15, 30)),
        ((0, 15, "am"), (0, 15)),
        ((11, 59, "pM"), (23, 59)),
        ((13, 20, "am"), (13, 20)),  # an hour past noon is left alone
        ((9, 5, "h"), (9, 5)),  # unknown marker: hour unchanged
    ],
)
def test_time_by_hm(args, expected):
    assert tu.time_by_hm(*args) == datetime.time(*expected)


@pytest.mark.parametrize(("args", "field"), [((25, 0, "am"), "hour"), ((12, 60, "pm"), "minute")])
def test_time_by_hm_out_of_range(args, field):
    with pytest.raises(ValueError, match=field):
        tu.time_by_hm(*args)


def test_time_by_hm_requires_int_hours():
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter hour="):
        tu.time_by_hm(3.0, 0, "pm")


def test_date_by_mdy_fills_missing_parts_from_today():
    assert tu.date_by_mdy() == D(2024, 6, 25)
    assert tu.date_by_mdy(month=7) == D(2024, 7, 25)
    assert tu.date_by_mdy(11, 5) == D(2024, 11, 5)  # positional order is month, day, year
    assert tu.date_by_mdy(day=3, year=2025) == D(2025, 6, 3)


@pytest.mark.parametrize(
    "kwargs", [{"month": 2, "day": 30}, {"day": 31}, {"month": 2, "day": 29, "year": 2023}, {"month": 13}]
)
def test_date_by_mdy_rejects_impossible_dates(kwargs):
    with pytest.raises(ValueError):
        tu.date_by_mdy(**kwargs)


def test_replace_substitutes_parts_and_returns_a_plain_date():
    assert tu.replace(D(2024, 6, 25), 1, 31, 2025) == D(2025, 1, 31)
    assert tu.replace(D(2024, 6, 25)) == D(2024, 6, 25)
    result = tu.replace(DT(2024, 6, 25, 17, 0), day=2)
    assert result == D(2024, 6, 2) and type(result) is D
    with pytest.raises(ValueError, match="day"):
        tu.replace(D(2024, 1, 31), month=2)
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter month="):
        tu.replace(D(2024, 6, 25), month=7.0)


def test_combine_uses_only_the_calendar_day_of_a_datetime():
    assert tu.combine(D(2024, 7, 4), datetime.time(16, 45)) == DT(2024, 7, 4, 16, 45)
    assert tu.combine(DT(2024, 7, 4, 23, 59), datetime.time(6, 0)) == DT(2024, 7, 4, 6, 0)
    assert tu.combine(date=D(2024, 7, 4), time=datetime.time(8, 15, 30, 250)).microsecond == 250
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter date="):
        tu.combine("2024-06-25", datetime.time(9, 0))


# --- weekdays ----------------------------------------------------------------


def test_get_next_dow_is_strictly_after_the_reference_day():
    assert tu.get_next_dow("Wednesday") == D(2024, 6, 26)
    assert tu.get_next_dow("Friday") == D(2024, 6, 28)
    assert tu.get_next_dow("Monday") == D(2024, 7, 1)
    assert tu.get_next_dow("Tuesday") == D(2024, 7, 2)  # today's weekday: a week later
    assert tu.get_next_dow("Monday", after=D(2024, 12, 30)) == D(2025, 1, 6)


def test_get_next_dow_keeps_the_time_of_a_datetime_reference():
    assert tu.get_next_dow("Friday", after=DT(2024, 12, 27, 15, 45)) == DT(2025, 1, 3, 15, 45)


def test_get_prev_dow_is_strictly_before_the_reference_day():
    assert tu.get_prev_dow("Monday") == D(2024, 6, 24)
    assert tu.get_prev_dow("Tuesday") == D(2024, 6, 18)
    assert tu.get_prev_dow("Wednesday") == D(2024, 6, 19)
    assert tu.get_prev_dow("Thursday", before=D(2024, 3, 1)) == D(2024, 2, 29)
    assert tu.get_prev_dow("Sunday", before=DT(2025, 1, 5, 7, 30)) == DT(2024, 12, 29, 7, 30)


@pytest.mark.parametrize("function", [tu.get_next_dow, tu.get_prev_dow])
@pytest.mark.parametrize("name", ["friday", "Fri", "FRIDAY"])
def test_day_names_must_match_exactly(function, name):
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter day_of_week="):
        function(name)


# --- calendar grids and date ranges -------------------------------------------


def _span(grid):
    return grid[0][0], grid[-1][-1]


def test_calendar_next_week_is_one_monday_first_week():
    assert tu.parse_duration_to_calendar("NextWeek") == [[D(2024, 7, 1) + datetime.timedelta(days=i) for i in range(7)]]
    # from a Monday, "next week" starts on the following Monday
    assert tu.parse_duration_to_calendar("NextWeek", after=D(2024, 7, 1))[0][0] == D(2024, 7, 8)


def test_calendar_month_grid_is_padded_to_whole_weeks():
    june = tu.parse_duration_to_calendar("ThisMonth")
    assert len(june) == 5 and _span(june) == (D(2024, 5, 27), D(2024, 6, 30))
    assert all(len(week) == 7 and week[0].weekday() == 0 for week in june)
    july = tu.parse_duration_to_calendar("NextMonth")
    assert len(july) == 5 and _span(july) == (D(2024, 7, 1), D(2024, 8, 4))
    september = tu.parse_duration_to_calendar("ThisMonth", after=D(2024, 9, 30))
    assert len(september) == 6 and _span(september) == (D(2024, 8, 26), D(2024, 10, 6))


def test_calendar_next_month_wraps_from_december():
    grid = tu.parse_duration_to_calendar("NextMonth", after=D(2024, 12, 3))
    assert _span(grid) == (D(2024, 12, 30), D(2025, 2, 2))


@pytest.mark.parametrize(("duration", "after"), [("ThisMonth", D(2024, 12, 10)), ("NextMonth", D(2024, 11, 10))])
def test_calendar_month_end_defect_in_december(duration, after):
    with pytest.raises(ValueError, match="month must be in 1..12"):
        tu.parse_duration_to_calendar(duration, after=after)


def test_calendar_from_a_datetime_yields_datetimes():
    grid = tu.parse_duration_to_calendar("ThisMonth", after=DT(2024, 3, 5, 16, 0))
    assert _span(grid) == (DT(2024, 2, 26, 16, 0), DT(2024, 3, 31, 16, 0))


@pytest.mark.parametrize("duration", ["nextweek", DateRanges.NextWeek])
def test_calendar_accepts_only_the_three_exact_strings(duration):
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter duration="):
        tu.parse_duration_to_calendar(duration)


@pytest.mark.parametrize(
    ("expr", "after", "expected"),
    [
        (DateRanges.ThisWeekend, None, (D(2024, 6, 29), D(2024, 6, 30))),
        (DateRanges.ThisWeekend, D(2024, 7, 6), (D(2024, 7, 6), D(2024, 7, 7))),  # Saturday: same weekend
        (DateRanges.ThisWeekend, D(2024, 7, 7), (D(2024, 7, 13), D(2024, 7, 14))),  # Sunday: the next one
        (DateRanges.NextWeek, None, (D(2024, 7, 1), D(2024, 7, 7))),
        (DateRanges.NextWeek, D(2024, 7, 7), (D(2024, 7, 8), D(2024, 7, 14))),
        (DateRanges.ThisMonth, None, (D(2024, 6, 1), D(2024, 6, 30))),
        (DateRanges.ThisMonth, D(2023, 2, 11), (D(2023, 2, 1), D(2023, 2, 28))),
        (DateRanges.NextMonth, None, (D(2024, 7, 1), D(2024, 7, 31))),
        (DateRanges.NextMonth, D(2024, 11, 20), (D(2024, 12, 1), D(2024, 12, 31))),
        (DateRanges.NextMonth, D(2024, 12, 20), (D(2025, 1, 1), D(2025, 1, 31))),
        (DateRanges.NextMonth, D(2024, 1, 31), (D(2024, 2, 1), D(2024, 2, 29))),
    ],
)
def test_date_ranges(expr, after, expected):
    result = tu.parse_durations_to_date_interval(expr, after=after)
    assert type(result) is DateRange and tuple(result) == expected


def test_this_month_date_range_fails_in_december():
    with pytest.raises(ValueError, match="month must be in 1..12"):
        tu.parse_durations_to_date_interval(DateRanges.ThisMonth, after=D(2024, 12, 1))


# --- durations ---------------------------------------------------------------


def test_duration_comparisons_are_unit_aware_but_inequality_and_hash_are_tuple_based():
    a, b = minutes(60), hours(1)
    assert a == b and a != b and hash(a) != hash(b)
    assert minutes(59) < hours(1) <= minutes(60)
    assert sorted([hours(2), minutes(30), days(1), minutes(90)]) == [minutes(30), minutes(90), hours(2), days(1)]
    assert repr(hours(1)) == "Duration(number=1, unit=<TimeUnits.Hours: 1>)"


def test_duration_months_and_foreign_operands_cannot_be_compared():
    with pytest.raises(TypeError, match="Cannot convert variable durations to minutes!"):
        _ = months(1) < days(40)
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter other="):
        _ = hours(1) == 60


def test_cast_to_timedelta():
    assert tu.cast_to_timedelta(hours(2)) == datetime.timedelta(hours=2)
    assert tu.cast_to_timedelta(minutes(7.5)) == datetime.timedelta(seconds=450)
    assert tu.cast_to_timedelta(days(1.25)) == datetime.timedelta(days=1, hours=6)
    with pytest.raises(TypeError, match="the number of days is variable"):
        tu.cast_to_timedelta(months(1))


def test_convert_measures_end_minus_start_as_a_float():
    span = interval(DT(2024, 6, 26, 10, 0), DT(2024, 6, 26, 11, 30))
    assert tu.convert(span, TimeUnits.Hours) == Duration(1.5, TimeUnits.Hours)
    as_minutes = tu.convert(span, TimeUnits.Minutes)
    assert as_minutes.number == 90.0 and type(as_minutes.number) is float
    assert tu.convert(span, TimeUnits.Days).number == 0.0625
    backwards = interval(DT(2024, 6, 27, 12, 0), DT(2024, 6, 27, 9, 45))
    assert tu.convert(backwards, TimeUnits.Minutes).number == -135.0
    with pytest.raises(ValueError, match="Unsupported time unit: TimeUnits.Months"):
        tu.convert(span, TimeUnits.Months)


@pytest.mark.parametrize(
    ("items", "expected"),
    [
        ([minutes(100), minutes(30)], Duration(2.1666666666666665, TimeUnits.Hours)),
        ([minutes(1440)], Duration(1.0, TimeUnits.Days)),
        ([hours(23), minutes(59), minutes(1)], Duration(1.0, TimeUnits.Days)),
        ([days(1), hours(12)], Duration(1.5, TimeUnits.Days)),
        ([minutes(59), minutes(1)], Duration(1.0, TimeUnits.Hours)),
        ([hours(0.5)], Duration(30.0, TimeUnits.Minutes)),
    ],
)
def test_sum_time_units_picks_the_largest_fitting_unit(items, expected):
    result = tu.sum_time_units(items)
    assert tuple(result) == tuple(expected) and type(result.number) is type(expected.number)


def test_sum_time_units_keeps_integer_minutes():
    for items, total in (([], 0), ([minutes(20), minutes(15)], 35)):
        result = tu.sum_time_units(items)
        assert result.unit is TimeUnits.Minutes and result.number == total and type(result.number) is int


def test_sum_time_units_errors():
    with pytest.raises(KeyError, match="Months"):
        tu.sum_time_units([hours(1), months(1)])
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter time_units="):
        tu.sum_time_units((hours(1), hours(2)))


def test_compare_with_fixed_duration_compares_in_the_durations_unit():
    span = interval(DT(2024, 6, 26, 13, 0), DT(2024, 6, 26, 14, 15))
    assert tu.compare_with_fixed_duration(span, hours(1)) is ComparisonResult.GREATER
    assert tu.compare_with_fixed_duration(span, minutes(75)) is ComparisonResult.EQUAL
    assert tu.compare_with_fixed_duration(span, hours(2)) is ComparisonResult.SMALLER
    assert tu.compare_with_fixed_duration(span, days(0.05)) is ComparisonResult.GREATER  # 72 minutes
    with pytest.raises(ValueError, match="Unsupported time unit: TimeUnits.Months"):
        tu.compare_with_fixed_duration(span, months(1))


# --- modify ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "duration", "operator", "expected"),
    [
        (DT(2024, 6, 25, 22, 30), hours(3), ADD, DT(2024, 6, 26, 1, 30)),
        (DT(2024, 6, 25, 0, 10), minutes(25), SUB, DT(2024, 6, 24, 23, 45)),
        (DT(2024, 6, 25, 9, 6), days(1.5), ADD, DT(2024, 6, 26, 21, 6)),
        (DT(2024, 6, 25, 8, 0), minutes(-30), SUB, DT(2024, 6, 25, 8, 30)),
        (DT(2024, 1, 31, 8, 0), months(1), ADD, DT(2024, 2, 29, 8, 0)),  # clamped to the month's end
        (DT(2024, 3, 31, 8, 0), months(1), SUB, DT(2024, 2, 29, 8, 0)),
        (DT(2024, 6, 25, 8, 0), months(2.0), ADD, DT(2024, 8, 25, 8, 0)),
    ],
)
def test_modify(start, duration, operator, expected):
    assert tu.modify(start, duration, operator=operator) == expected


def test_modify_errors():
    with pytest.raises(ValueError, match="Non-integer"):
        tu.modify(DT(2024, 6, 25, 8, 0), months(1.5), operator=ADD)
    with pytest.raises(TypeError, match="positional argument"):
        tu.modify(DT(2024, 6, 25, 8, 0), hours(1), ADD)
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter datetime_to_change="):
        tu.modify(D(2024, 6, 25), days(1), operator=ADD)
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter operator="):
        tu.modify(DT(2024, 6, 25, 9), days(1), operator="add")


# --- intervals ---------------------------------------------------------------

TEN_TO_ELEVEN = interval(DT(2024, 6, 26, 10, 0), DT(2024, 6, 26, 11, 0))


@pytest.mark.parametrize(
    ("other", "min_duration", "expected"),
    [
        (interval(DT(2024, 6, 26, 10, 30), DT(2024, 6, 26, 12, 0)), None, True),
        (interval(DT(2024, 6, 26, 11, 0), DT(2024, 6, 26, 12, 0)), None, False),  # touching
        (interval(DT(2024, 6, 26, 11, 0), DT(2024, 6, 26, 12, 0)), minutes(0), True),
        (interval(DT(2024, 6, 26, 12, 0), DT(2024, 6, 26, 13, 0)), minutes(0), False),  # gap
        (interval(DT(2024, 6, 26, 10, 59, 30), DT(2024, 6, 26, 12, 0)), None, False),  # 30 s shared
        (interval(DT(2024, 6, 26, 10, 30), DT(2024, 6, 26, 12, 0)), hours(0.5), True),
        (interval(DT(2024, 6, 26, 9, 0), DT(2024, 6, 26, 17, 0)), minutes(61), False),
        (TEN_TO_ELEVEN, days(0.04), True),
    ],
)
def test_intervals_overlap(other, min_duration, expected):
    extra = {} if min_duration is None else {"min_duration": min_duration}
    assert tu.intervals_overlap(TEN_TO_ELEVEN, other, **extra) is expected
    assert tu.intervals_overlap(other, TEN_TO_ELEVEN, **extra) is expected


def test_intervals_overlap_rejects_months_and_plain_tuples():
    with pytest.raises(ValueError, match="Unsupported time unit: TimeUnits.Months"):
        tu.intervals_overlap(TEN_TO_ELEVEN, TEN_TO_ELEVEN, months(1))
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter interval_1="):
        tu.intervals_overlap(tuple(TEN_TO_ELEVEN), TEN_TO_ELEVEN)


def test_time_interval_methods_are_inclusive():
    assert TEN_TO_ELEVEN.contains(DT(2024, 6, 26, 11, 0))
    assert not TEN_TO_ELEVEN.contains(DT(2024, 6, 26, 11, 0, 1))
    span = interval(DT(2024, 6, 28, 18, 0), DT(2024, 7, 1, 8, 0))
    assert span.contains_date(d=D(2024, 7, 1)) and not span.contains_date(D(2024, 7, 2))
    assert TEN_TO_ELEVEN.includes(TEN_TO_ELEVEN)
    assert not TEN_TO_ELEVEN.includes(interval(DT(2024, 6, 26, 9, 59), DT(2024, 6, 26, 10, 30)))
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter start="):
        TimeInterval(D(2024, 6, 25), D(2024, 6, 26))


# --- recurrence --------------------------------------------------------------


def test_repetition_spec_is_an_unhashable_dataclass_with_field_equality():
    spec = RepetitionSpec(frequency=EventFrequency.MONTHLY, which_month_day=[15])
    assert spec == RepetitionSpec(EventFrequency.MONTHLY, 1, which_month_day=[15])
    assert not spec.finite and RepetitionSpec(EventFrequency.DAILY, max_repetitions=2).finite
    with pytest.raises(TypeError, match="unhashable"):
        hash(spec)
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter which_weekday="):
        RepetitionSpec(frequency=EventFrequency.WEEKLY, which_weekday=(0, 1))


def test_generate_occurrences_defaults_to_now_and_rejects_count_with_until():
    assert list(RepetitionSpec(EventFrequency.DAILY, max_repetitions=2).generate_occurrences()) == [
        DT(2024, 6, 25, 9, 6),
        DT(2024, 6, 26, 9, 6),
    ]
    both = RepetitionSpec(EventFrequency.WEEKLY, recurs_until=D(2024, 7, 1), max_repetitions=2)
    with pytest.raises(ValueError, match="Both 'count' and 'until' cannot be set. Choose one."):
        both.generate_occurrences(D(2024, 6, 25), datetime.time(10, 0))


def test_generate_occurrences_retimes_recurs_until_in_place():
    spec = RepetitionSpec(EventFrequency.DAILY, recurs_until=DT(2024, 6, 28, 8, 0))
    occurrences = list(spec.generate_occurrences(D(2024, 6, 25), datetime.time(15, 0)))
    assert occurrences[-1] == DT(2024, 6, 28, 15, 0) and len(occurrences) == 4
    assert spec.recurs_until == DT(2024, 6, 28, 15, 0)


def test_exclusions_apply_after_the_count_and_occurrence_on_date_only_excludes():
    spec = RepetitionSpec(
        EventFrequency.DAILY,
        max_repetitions=4,
        exclude_occurrence=[DT(2024, 6, 26, 10, 0)],
        occurrence_on_date=DT(2024, 6, 27, 10, 0),
    )
    assert list(spec.generate_occurrences(D(2024, 6, 25), datetime.time(10, 0))) == [
        DT(2024, 6, 25, 10, 0),
        DT(2024, 6, 28, 10, 0),
    ]


def test_by_rules_skip_a_non_matching_start():
    spec = RepetitionSpec(EventFrequency.WEEKLY, which_weekday=[0, 2], max_repetitions=3)
    assert list(spec.generate_occurrences(D(2024, 6, 25), datetime.time(9, 30))) == [
        DT(2024, 6, 26, 9, 30),
        DT(2024, 7, 1, 9, 30),
        DT(2024, 7, 3, 9, 30),
    ]


def test_repetition_schedule_helper_caps_open_series_at_23():
    weekly = tu._repetition_schedule(datetime.time(13, 0), RepetitionSpec(EventFrequency.WEEKLY), D(2024, 7, 2))
    assert len(weekly) == tu.MAX_EVENT_RECURRENCES == 23
    assert weekly[0] == DT(2024, 7, 2, 13, 0) and weekly[-1] == DT(2024, 12, 3, 13, 0)
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter spec="):
        tu._repetition_schedule(datetime.time(13, 0), None)


# --- star-import surface -------------------------------------------------------


def test_star_import_exposes_the_originals_incidental_names_and_nothing_private():
    namespace = {}
    exec("from aspera_core.library.time_utils import *", namespace)
    assert isinstance(namespace["datetime"], types.ModuleType) and namespace["datetime"] is datetime
    for name in (
        "Enum", "StrEnum", "auto", "Literal", "NamedTuple", "Self", "Generator", "dataclass",
        "islice", "rrule", "rruleset", "relativedelta", "MAX_EVENT_RECURRENCES", "cast_to_timedelta", "weekdays",
    ):  # fmt: skip
        assert name in namespace, name
    assert namespace["ParseError"] is ParseError
    for absent in ("_repetition_schedule", "DAILY", "WEEKLY", "NOW", "timedelta"):
        assert absent not in namespace, absent
