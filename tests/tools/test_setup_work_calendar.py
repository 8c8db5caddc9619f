"""Calendar setup tools (spec: evaluation-tools.md, section 6)."""

import datetime
from types import SimpleNamespace

import pytest

from aspera_core.library.company_directory import find_employee
from aspera_core.library.exceptions import EventDefinitionError
from aspera_core.library.time_utils import EventFrequency, RepetitionSpec
from aspera_core.library.work_calendar import Event, find_events, get_calendar, get_event_ids, get_event_instances
from aspera_core.tools.setup import work_calendar as setup
from aspera_core.tools.setup.company_directory import simulate_org_structure
from aspera_core.tools.setup.work_calendar import (
    RuntimeSetupError,
    simulate_employee_calendar,
    simulate_user_calendar,
)
from aspera_core.world.state import DatabaseNamespace, ExecutionContext, new_context


def at(day, hour, minute=0):
    month = 6 if day > 7 else 7
    return datetime.datetime(2024, month, day, hour, minute)


@pytest.fixture
def people():
    with new_context(ExecutionContext()) as context:
        simulate_org_structure(["Ottilie", "Bartholomew"])
        yield SimpleNamespace(ott=find_employee("Ottilie")[0], bart=find_employee("Bartholomew")[0], context=context)


def shared_rows(context):
    return context.get_database(DatabaseNamespace.SHARED_CALENDARS)


def test_aliases_and_error_class():
    assert setup.EventId is str and setup.EmployeeId is str
    assert issubclass(RuntimeSetupError, Exception)


def test_simulate_user_calendar_adds_each_event(people):
    first, second = Event(subject="A", starts_at=at(27, 10)), Event(subject="B", starts_at=at(27, 11))
    ids = simulate_user_calendar([first, second])
    assert ids == [first.event_id, second.event_id]
    assert [e.event_id for e in find_events()] == ids
    assert [e.ends_at for e in find_events()] == [at(27, 10, 16), at(27, 11, 16)]


def test_simulate_user_calendar_updates_repeated_objects(people):
    event = Event(subject="Once", starts_at=at(27, 10))
    assert simulate_user_calendar([event, event]) == [event.event_id] * 2
    assert len(get_event_ids()) == 1


def test_simulate_user_calendar_expands_series(people):
    series = Event(
        subject="Series",
        starts_at=at(27, 10),
        ends_at=at(27, 11),
        repeats=RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=3),
    )
    simulate_user_calendar([series])
    assert len(get_event_instances(series)) == 3


def test_employee_calendar_stores_events_as_given(people):
    events = [
        Event(subject="No end", attendees=[people.bart], starts_at=at(26, 9, 30)),
        Event(subject="Past", starts_at=at(20, 9), ends_at=at(20, 10)),
    ]
    ids = simulate_employee_calendar(people.ott, events)
    assert ids == [events[0].event_id, events[1].event_id] and None not in ids
    assert events[0].ends_at is None
    assert {row["calendar_id"] for row in shared_rows(people.context)} == {people.ott.employee_id}
    assert get_calendar(people.ott) == events
    assert find_events() == []


def test_employee_calendar_expands_series_and_keeps_the_parent_bound(people):
    spec = RepetitionSpec(frequency=EventFrequency.DAILY, recurs_until=datetime.date(2024, 6, 28))
    simulate_employee_calendar(
        people.ott, [Event(subject="Bounded", starts_at=at(26, 13, 30), ends_at=at(26, 14), repeats=spec)]
    )
    calendar = get_calendar(people.ott)
    assert spec.recurs_until == at(28, 13, 30)
    assert calendar[0].repeats.recurs_until == datetime.datetime(2024, 6, 28)
    assert [e.starts_at for e in calendar[1:]] == [at(26, 13, 30), at(27, 13, 30), at(28, 13, 30)]
    assert {e.recurrent_event_id for e in calendar[1:]} == {calendar[0].event_id}
    assert len(shared_rows(people.context)) == 4


def test_employee_calendar_recurring_event_needs_bounds(people):
    no_start = Event(subject="S", repeats=RepetitionSpec(frequency=EventFrequency.DAILY))
    with pytest.raises(EventDefinitionError, match="Start time is required"):
        simulate_employee_calendar(people.ott, [no_start])
    assert no_start.event_id is None
    no_end = Event(
        subject="S", starts_at=at(27, 13), repeats=RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=2)
    )
    with pytest.raises(EventDefinitionError):
        simulate_employee_calendar(people.ott, [no_end])
    assert no_end.event_id is not None
    assert get_calendar(people.ott) == []


def test_already_stored_event_is_copied_without_the_owner(people):
    shared = Event(subject="Joint", attendees=[people.ott, people.bart], starts_at=at(27, 13), ends_at=at(27, 14))
    user_id = simulate_user_calendar([shared])[0]
    [ott_id] = simulate_employee_calendar(people.ott, [shared])
    [bart_id] = simulate_employee_calendar(people.bart, [shared])
    assert len({user_id, ott_id, bart_id}) == 3
    assert shared.event_id == user_id and shared.attendees == [people.ott, people.bart]
    assert get_calendar(people.ott)[0].attendees == [people.bart]
    assert get_calendar(people.bart)[0].attendees == [people.ott]
    assert get_calendar(people.ott)[0].event_id == ott_id


def test_copy_fails_when_owner_is_not_an_attendee(people):
    listed = Event(subject="Joint", attendees=[people.bart], starts_at=at(27, 13), ends_at=at(27, 14))
    unlisted = Event(subject="Joint", starts_at=at(27, 13), ends_at=at(27, 14))
    simulate_user_calendar([listed, unlisted])
    with pytest.raises(ValueError):
        simulate_employee_calendar(people.ott, [listed])
    with pytest.raises(AttributeError):
        simulate_employee_calendar(people.ott, [unlisted])
