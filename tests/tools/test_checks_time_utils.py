"""``repetition_schedule``, the checking tool of evaluation-tools section 8."""

import datetime

import pytest
from beartype.roar import BeartypeCallHintParamViolation

from aspera_core.library.time_utils import EventFrequency, RepetitionSpec
from aspera_core.tools.checks.time_utils import repetition_schedule

D = datetime.date
DT = datetime.datetime
TEN = datetime.time(10, 0)


def test_no_rule_gives_an_empty_schedule():
    assert repetition_schedule(TEN, None) == []


def test_finite_rule_starts_today_by_default():
    spec = RepetitionSpec(frequency=EventFrequency.DAILY, recurs_until=D(2024, 6, 28))
    assert repetition_schedule(TEN, spec) == [DT(2024, 6, day, 10, 0) for day in (25, 26, 27, 28)]


def test_falsy_start_date_means_today():
    spec = RepetitionSpec(frequency=EventFrequency.DAILY, period=3, max_repetitions=2)
    assert repetition_schedule(datetime.time(7, 15), spec, start_date=None) == [
        DT(2024, 6, 25, 7, 15),
        DT(2024, 6, 28, 7, 15),
    ]
    assert repetition_schedule(datetime.time(7, 15), spec, D(2024, 12, 30))[1] == DT(2025, 1, 2, 7, 15)


def test_open_ended_rule_is_capped_at_23_occurrences():
    schedule = repetition_schedule(TEN, RepetitionSpec(frequency=EventFrequency.WEEKLY))
    assert len(schedule) == 23
    assert (schedule[0], schedule[-1]) == (DT(2024, 6, 25, 10, 0), DT(2024, 11, 26, 10, 0))


def test_finite_rule_longer_than_the_cap_is_returned_whole():
    spec = RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=30)
    assert len(repetition_schedule(TEN, spec)) == 30


def test_by_rules_decide_the_first_occurrence():
    spec = RepetitionSpec(frequency=EventFrequency.WEEKLY, which_weekday=[0], max_repetitions=2)
    assert repetition_schedule(datetime.time(8, 0), spec) == [DT(2024, 7, 1, 8, 0), DT(2024, 7, 8, 8, 0)]


def test_recurs_until_is_retimed_on_the_spec_each_call():
    spec = RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=D(2024, 7, 9))
    assert len(repetition_schedule(datetime.time(11, 0), spec, D(2024, 6, 25))) == 3
    assert spec.recurs_until == DT(2024, 7, 9, 11, 0)
    # a later call with a later time still includes the last day
    assert repetition_schedule(datetime.time(18, 0), spec, D(2024, 6, 25))[-1] == DT(2024, 7, 9, 18, 0)
    assert spec.recurs_until == DT(2024, 7, 9, 18, 0)


def test_exclusions_and_occurrence_on_date_remove_occurrences_after_counting():
    spec = RepetitionSpec(
        frequency=EventFrequency.DAILY,
        max_repetitions=3,
        exclude_occurrence=[DT(2024, 6, 26, 9, 0)],
        occurrence_on_date=DT(2024, 6, 30, 9, 0),
    )
    assert repetition_schedule(datetime.time(9, 0), spec) == [DT(2024, 6, 25, 9, 0), DT(2024, 6, 27, 9, 0)]


def test_count_together_with_until_is_an_error():
    spec = RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=D(2024, 7, 9), max_repetitions=3)
    with pytest.raises(ValueError, match="Both 'count' and 'until' cannot be set"):
        repetition_schedule(TEN, spec)


def test_a_datetime_as_when_is_rejected_by_the_library_not_by_the_tool():
    spec = RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=2)
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter start_time="):
        repetition_schedule(DT(2024, 6, 25, 9, 0), spec)
